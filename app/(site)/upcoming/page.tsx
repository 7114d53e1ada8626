// Upcoming launches by week: what is announced for the coming weeks (name and headline only; the
// product page opens when the listing goes live). The home page's "Upcoming launches" is the same data.
import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { EmptyState } from '@/components/ui/empty-state';
import { cardClass } from '@/components/ui/card';
import { cachedUpcoming } from '@/lib/directory/cached';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import type { UpcomingLaunch } from '@/lib/directory/home';
import { siteNow } from '@/lib/time/clock';
import { isoWeekOf } from '@/lib/time/iso-week';

export const metadata: Metadata = {
  title: 'Upcoming launches',
  description: 'Products launching in the coming weeks.',
  alternates: { canonical: '/upcoming' },
};

export default async function UpcomingPage() {
  await connection(); // the current week is decided per request; the data itself is cached
  const upcoming = await cachedUpcoming(isoWeekOf(siteNow()));
  const weeks = new Map<string, UpcomingLaunch[]>();
  for (const u of upcoming) weeks.set(u.launchWeek, [...(weeks.get(u.launchWeek) ?? []), u]);
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Upcoming launches</h1>
        <p className="text-sm text-stone-600">
          Products launching in the coming weeks. Each opens for votes when its week starts.
        </p>
      </div>
      {weeks.size === 0 ? (
        <EmptyState
          title="Nothing announced yet"
          action={
            <Link href="/submit" className="font-medium text-brand-700 underline underline-offset-2">
              Launch your product
            </Link>
          }
        >
          Launches appear here once makers reserve a week.
        </EmptyState>
      ) : (
        [...weeks].map(([week, items]) => (
          <section key={week} aria-labelledby={`week-${week}`}>
            <h2 id={`week-${week}`} className="text-lg font-bold tracking-tight text-stone-900">
              {formatWeekName(week)} <span className="text-sm font-normal text-stone-600">{formatWeekRange(week)}</span>
            </h2>
            <ul className={`mt-3 divide-y divide-stone-100 ${cardClass}`}>
              {items.map((u) => (
                <li key={`${u.launchWeek}-${u.name}`} className="p-4">
                  <Link
                    href={`/p/${u.slug}`}
                    className="font-semibold text-stone-900 underline-offset-2 hover:text-brand-700 hover:underline"
                  >
                    {u.name}
                  </Link>
                  <p className="text-sm text-stone-600">{u.headline}</p>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
