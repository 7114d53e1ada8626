// What a list shows when it has nothing yet: a sentence, or a title, a sentence and what to do next.
type Props = {
  title?: React.ReactNode;
  children?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
  as?: 'h2' | 'h3' | 'p';
};

const box = 'rounded-xl border border-dashed border-stone-300 bg-white text-center';

export function EmptyState({ title, children, action, className = '', as: Title = 'h2' }: Props) {
  if (!title && !action) return <p className={`${box} px-4 py-8 text-sm text-stone-600 ${className}`}>{children}</p>;
  return (
    <div className={`${box} px-6 py-8 ${className}`}>
      {title && <Title className="font-semibold text-stone-900">{title}</Title>}
      {children && <div className="mx-auto mt-1 max-w-sm text-sm text-stone-600">{children}</div>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
