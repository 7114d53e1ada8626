// A white panel with a hairline border: the site's one box for forms, lists and facts.
export const cardClass = 'rounded-xl border border-stone-200 bg-white shadow-xs';

type CardProps = React.HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'form' | 'aside' | 'li' };

export function Card({ as: Tag = 'div', className = 'p-5', children, ...rest }: CardProps) {
  return (
    <Tag className={`${cardClass} ${className}`} {...rest}>
      {children}
    </Tag>
  );
}
