import Link from 'next/link';
import type { SummaryRow } from '@/lib/listings/summary';
import { cardClass } from '@/components/ui/card';
import { ListingLogo } from './listing-logo';

/** One listing in a list: logo, name, headline, categories, and a vote count (week or all-time). */
export function ListingRow({
  listing,
  rank,
  votes,
  votesLabel = 'votes',
}: {
  listing: SummaryRow;
  rank?: number;
  votes?: number;
  votesLabel?: string;
}) {
  const count = votes ?? listing.votesCount;
  // "votes this week" is told apart from all-time votes in the row itself, not only to screen readers.
  const counted = count === 1 ? votesLabel.replace(/^votes\b/, 'vote') : votesLabel;
  const caption = votesLabel === 'votes' ? (count === 1 ? 'vote' : 'votes') : votesLabel.replace(/^votes /, '');
  return (
    <li className="group relative flex items-center gap-3 px-3 py-3 transition-colors hover:bg-stone-50 sm:gap-4 sm:px-4">
      {rank !== undefined && (
        <span className="w-5 shrink-0 text-right text-sm font-medium text-stone-500 tabular-nums sm:w-6">{rank}</span>
      )}
      <ListingLogo name={listing.name} logoUrl={listing.logoUrl} />
      <div className="min-w-0 flex-1">
        <Link
          href={`/p/${listing.slug}`}
          prefetch={false} // a list of 20 products is 20 renders of product pages nobody may open
          className="font-semibold text-stone-900 group-hover:text-brand-700 after:absolute after:inset-0"
        >
          {listing.name}
        </Link>
        <p className="line-clamp-2 text-sm text-stone-600 sm:line-clamp-1">{listing.headline}</p>
        {listing.categories.length > 0 && (
          <p className="mt-1 hidden truncate text-xs text-stone-500 sm:block">
            {listing.categories.slice(0, 3).join(' · ')}
          </p>
        )}
      </div>
      {/* A count, not a button (votes are cast on the product page): no frame, the number and what it counts. */}
      <div className="flex w-16 shrink-0 flex-col items-center text-stone-700" title={`${count} ${counted}`}>
        <span className="text-base font-semibold tabular-nums">{count}</span>
        <span aria-hidden className="text-xs text-stone-500">
          {caption}
        </span>
        <span className="sr-only">{counted}</span>
      </div>
    </li>
  );
}

export function ListingList({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <ol aria-label={label} className={`divide-y divide-stone-100 overflow-hidden ${cardClass}`}>
      {children}
    </ol>
  );
}

export function SectionHeading({
  title,
  href,
  linkLabel,
  subtitle,
}: {
  title: string;
  href?: string;
  linkLabel?: string;
  subtitle?: string;
}) {
  return (
    <div className="mb-3 flex items-end justify-between gap-4">
      <div>
        <h2 className="text-lg font-bold tracking-tight text-stone-900">{title}</h2>
        {subtitle && <p className="text-sm text-stone-500">{subtitle}</p>}
      </div>
      {href && (
        <Link href={href} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
          {linkLabel ?? 'See all'} →
        </Link>
      )}
    </div>
  );
}
