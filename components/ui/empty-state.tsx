// What a list shows when it has nothing yet: a title, a sentence, and what to do about it.
export function EmptyState({ title, children, action, className = '' }: { title: string; children?: React.ReactNode; action?: React.ReactNode; className?: string }) {
  return (
    <div className={`rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center ${className}`}>
      <p className="font-semibold text-stone-900">{title}</p>
      {children && <div className="mx-auto mt-1 max-w-md text-sm text-stone-600">{children}</div>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
