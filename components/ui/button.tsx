// Buttons (and links that look like buttons): one set of variants and sizes for the whole site.
// Every variant's text meets WCAG 2.2 AA contrast (4.5:1) and shows a visible focus outline.
export type ButtonVariant = 'primary' | 'secondary' | 'neutral' | 'danger' | 'danger-outline' | 'ghost';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg' | 'tall';

const base =
  'inline-flex items-center justify-center gap-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  /** The one main action of a view (orange). */
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-800',
  /** A second action beside a primary one. */
  secondary: 'bg-white text-stone-800 ring-1 ring-stone-300 ring-inset hover:bg-stone-50',
  /** A strong action that is not the page's main one (dark). */
  neutral: 'bg-stone-900 text-white hover:bg-stone-700',
  /** Destroys something (revoke, disconnect). */
  danger: 'bg-red-700 text-white hover:bg-red-800',
  /** Opens a destructive step (e.g. the confirmation of a revoke). */
  'danger-outline': 'bg-white text-red-700 ring-1 ring-stone-300 ring-inset hover:bg-red-50 hover:ring-red-300',
  /** Quiet, text-like (cancel, row actions). */
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
};

const sizes: Record<ButtonSize, string> = {
  /** Row tools inside a form (move, remove, restore). */
  xs: 'rounded-md px-2 py-1 text-xs',
  sm: 'rounded-md px-2.5 py-1 text-sm',
  md: 'rounded-lg px-4 py-2.5 text-sm',
  lg: 'rounded-xl px-5 py-3 text-base',
  /** 44 px, beside the vote and follow buttons. */
  tall: 'h-11 rounded-xl px-4 text-sm',
};

/** The classes of a button; use on <Link>/<a> that should look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]}${extra ? ` ${extra}` : ''}`;
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
