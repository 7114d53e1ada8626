// The product page of a listing not launched yet (lib/directory/coming-soon.ts).
import Link from 'next/link';
import { ListingLogo } from '@/components/directory/listing-logo';
import { safeHref } from '@/components/directory/socials';
import { Card } from '@/components/ui/card';
import { buttonClass } from '@/components/ui/button';
import type { ComingSoon } from '@/lib/directory/coming-soon';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';

export function ComingSoonPage({ listing }: { listing: ComingSoon }) {
  const website = safeHref(listing.url);
  return (
    <article className="mx-auto max-w-2xl space-y-6 wrap-anywhere" data-testid="coming-soon">
      <Card padding="p-5 sm:p-7">
        <div className="flex items-start gap-4">
          <ListingLogo name={listing.name} logoUrl={listing.logoUrl} size="lg" eager />
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-700">
              {listing.launchWeek
                ? `Launching ${formatWeekName(listing.launchWeek)} (${formatWeekRange(listing.launchWeek)})`
                : 'Launching soon'}
            </p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight">{listing.name}</h1>
            {listing.headline && <p className="mt-1 text-stone-700">{listing.headline}</p>}
          </div>
        </div>
        {listing.summary && <p className="mt-4 whitespace-pre-line text-stone-700">{listing.summary}</p>}
        <p className="mt-4 text-sm text-stone-600">
          Its page opens on launch day: votes, the founders, the story and updates. Until then, see what launches this
          week.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {website && (
            <a href={website} rel="nofollow noopener" className={buttonClass('secondary')}>
              Visit the website
            </a>
          )}
          <Link href="/upcoming" className={buttonClass('neutral')}>
            Upcoming launches
          </Link>
          <Link href="/" className={buttonClass('neutral')}>
            Launching this week
          </Link>
        </div>
      </Card>
    </article>
  );
}
