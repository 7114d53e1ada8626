export function Card({ title, children, id }: { title?: string; children: React.ReactNode; id?: string }) {
  return (
    <section id={id} className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      {title && <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-500">{title}</h2>}
      {children}
    </section>
  );
}
