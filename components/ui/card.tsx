// A white panel with a hairline border: the site's one box for forms, lists and facts.
export const cardClass = 'rounded-xl border border-stone-200 bg-white shadow-xs';

type CardProps = Omit<React.HTMLAttributes<HTMLElement>, 'title'> & {
  /** A small heading in capitals (e.g. "About", "Founders"). */
  title?: React.ReactNode;
  as?: 'div' | 'section' | 'article' | 'aside';
  /** Replaces the padding (default p-4 sm:p-5). */
  padding?: string;
};

export function Card({
  title,
  as: Tag = 'section',
  padding = 'p-4 sm:p-5',
  className = '',
  children,
  ...rest
}: CardProps) {
  return (
    <Tag className={`${cardClass} ${padding} ${className}`} {...rest}>
      {title && <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-600 uppercase">{title}</h2>}
      {children}
    </Tag>
  );
}
