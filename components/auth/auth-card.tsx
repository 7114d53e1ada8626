// The centred card that the sign-in pages share.
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-8">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 grid h-10 w-10 place-items-center rounded-xl bg-brand-600 text-lg font-bold text-white">
            P
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-stone-600">{subtitle}</p>}
        </div>
        {children}
      </div>
    </div>
  );
}
