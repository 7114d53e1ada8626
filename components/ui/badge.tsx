// A small rounded label (a state, a count, a tag). Every tone's text meets 4.5:1 on its background.
export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-stone-100 text-stone-700',
  brand: 'bg-brand-50 text-brand-700',
  success: 'bg-emerald-50 text-emerald-800',
  warning: 'bg-amber-50 text-amber-800',
  danger: 'bg-red-50 text-red-800',
  info: 'bg-sky-50 text-sky-800',
};

export function badgeClass(tone: BadgeTone = 'neutral', extra = ''): string {
  return `inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}${extra ? ` ${extra}` : ''}`;
}

export function Badge({
  tone = 'neutral',
  className = '',
  children,
  ...rest
}: React.HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span className={badgeClass(tone, className)} {...rest}>
      {children}
    </span>
  );
}
