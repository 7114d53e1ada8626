import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { ListingList, ListingRow, SectionHeading } from '@/components/directory/listing-row';
import { EmptyState } from '@/components/ui/empty-state';
import { UpdateCard } from '@/components/directory/update-card';
import { cachedHome } from '@/lib/directory/cached';
import { FEED_LINKS } from '@/lib/directory/feeds';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { isoWeekOf } from '@/lib/time/iso-week';
import { siteNow } from '@/lib/time/clock';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { HomeBillboard } from '@/components/orders/home-billboard';

/** The launches and updates feeds, advertised to feed readers. */
export const metadata: Metadata = { alternates: { canonical: '/', types: FEED_LINKS } };

export default async function HomePage() {
  await connection(); // the current week is decided per request; the data itself is cached
  const week = isoWeekOf(siteNow());
  const home = await cachedHome(week);
  const topIds = new Set(home.top.map((l) => l.id));
  const favourites = home.allTime.filter((l) => !topIds.has(l.id)).slice(0, Math.max(0, 8 - home.top.length));

  return (
    <div className="space-y-10">
      <section className="rounded-2xl border border-brand-100 bg-gradient-to-br from-brand-50 to-white px-5 py-6 sm:px-8 sm:py-8">
        <p className="text-sm font-medium text-brand-700">
          {formatWeekName(week)} · {formatWeekRange(week)}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          The best new products, voted by makers
        </h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Discover what launched this week, vote for your favourites and follow the products you care about.
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link href="/search" className={buttonClass('neutral')}>
            Browse products
          </Link>
          <Link href="/leaderboard" className={buttonClass('secondary')}>
            This week’s leaderboard
          </Link>
        </div>
      </section>

      <HomeBillboard />

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="space-y-10">
          <section aria-labelledby="launching">
            <div id="launching">
              <SectionHeading title="Launching this week" subtitle="Products whose launch week is now" />
            </div>
            {home.launching.length ? (
              <ListingList label="Launching this week">
                {home.launching.map((l, i) => (
                  <ListingRow key={l.id} listing={l} rank={i + 1} />
                ))}
              </ListingList>
            ) : (
              <EmptyState>No launches yet this week. Check the upcoming launches.</EmptyState>
            )}
          </section>

          <section aria-labelledby="top-week">
            <div id="top-week">
              <SectionHeading
                title="Top this week"
                subtitle="Ranked by votes cast this week"
                href="/leaderboard"
                linkLabel="Leaderboard"
              />
            </div>
            {home.top.length ? (
              <ListingList label="Top this week">
                {home.top.map((l, i) => (
                  <ListingRow key={l.id} listing={l} rank={i + 1} votes={l.weekVotes} votesLabel="votes this week" />
                ))}
              </ListingList>
            ) : (
              <EmptyState>No votes yet this week. Be the first to vote.</EmptyState>
            )}
          </section>

          {favourites.length > 0 && (
            <section aria-labelledby="favourites">
              <div id="favourites">
                <SectionHeading title="All-time favourites" href="/search?sort=votes" />
              </div>
              <ListingList label="All-time favourites">
                {favourites.map((l) => (
                  <ListingRow key={l.id} listing={l} />
                ))}
              </ListingList>
            </section>
          )}
        </div>

        <aside className="space-y-10">
          <LaunchYourProduct />

          <section aria-labelledby="upcoming">
            <div id="upcoming">
              <SectionHeading title="Upcoming launches" href="/upcoming" />
            </div>
            {home.upcoming.length ? (
              <ul className={`divide-y divide-stone-100 ${cardClass}`}>
                {home.upcoming.map((u) => (
                  <li key={`${u.launchWeek}-${u.name}`} className="p-4">
                    <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
                      {formatWeekName(u.launchWeek)}
                    </p>
                    <Link
                      href={`/p/${u.slug}`}
                      className="font-semibold text-stone-900 underline-offset-2 hover:text-brand-700 hover:underline"
                    >
                      {u.name}
                    </Link>
                    <p className="line-clamp-2 text-sm text-stone-600">{u.headline}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState>Nothing announced yet.</EmptyState>
            )}
          </section>

          <section aria-labelledby="latest-updates">
            <div id="latest-updates">
              <SectionHeading title="Latest updates" href="/updates" />
            </div>
            {home.updates.length ? (
              <div className={`divide-y divide-stone-100 ${cardClass}`}>
                {home.updates.map((u) => (
                  <UpdateCard key={u.id} update={u} compact />
                ))}
              </div>
            ) : (
              <EmptyState>No updates yet.</EmptyState>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

/** For founders: how to get a product on the site (the header's "Submit a product" leads to the same place). */
function LaunchYourProduct() {
  const steps = [
    'Give us your website’s address.',
    'We draft the listing from what your site says; you check every field.',
    'Launch free in a coming week, or right away with a paid launch.',
  ];
  return (
    <section
      aria-labelledby="launch-your-product"
      data-testid="launch-your-product"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs"
    >
      <h2 id="launch-your-product" className="text-lg font-semibold tracking-tight text-stone-900">
        Launch your product
      </h2>
      <p className="mt-1 text-sm text-stone-600">Made something? Listing it is free and takes a few minutes.</p>
      <ol className="mt-3 space-y-2 text-sm text-stone-700">
        {steps.map((step, i) => (
          <li key={step} className="flex gap-2.5">
            <span
              aria-hidden
              className="grid h-5 w-5 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-800"
            >
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link href="/submit" className={buttonClass('primary', 'md')}>
          Submit a product
        </Link>
        <Link
          href="/pricing"
          className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          See launch options
        </Link>
      </div>
    </section>
  );
}
