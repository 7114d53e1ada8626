// The body of the site's error pages (404, 400), inside the site's layout: the status, what happened, and where to go.
import Link from 'next/link';

const LINKS = [
  { href: '/', label: 'Home' },
  { href: '/search', label: 'Search' },
  { href: '/leaderboard', label: 'Leaderboard' },
];

export function ErrorNotice({ status, title, children }: { status: number; title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <p className="text-sm font-semibold text-stone-600">{status}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-stone-600">{children}</p>
      <p className="mt-6 flex justify-center gap-4 text-sm">
        {LINKS.map((l) => (
          <Link key={l.href} className="underline" href={l.href}>
            {l.label}
          </Link>
        ))}
      </p>
    </div>
  );
}
