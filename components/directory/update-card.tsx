import Link from 'next/link';
import type { UpdateItem } from '@/lib/directory/updates';
import { formatDate } from '@/lib/directory/format';
import { ListingLogo } from './listing-logo';
import { LinkedText } from '@/components/directory/linked-text';

/** A listing update; owner text is rendered as plain text (React escapes it). */
export function UpdateCard({
  update,
  compact = false,
  level = 3,
}: {
  update: UpdateItem;
  compact?: boolean;
  /** The title's heading level: one below the heading the card sits under. */
  level?: 2 | 3;
}) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <article className="flex gap-3 p-4">
      <ListingLogo name={update.listing.name} logoUrl={update.listing.logoUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-stone-500">
          <Link href={`/p/${update.listing.slug}`} className="font-medium text-stone-700 hover:underline">
            {update.listing.name}
          </Link>
          {' · '}
          <time dateTime={update.createdAt}>{formatDate(update.createdAt)}</time>
        </p>
        <Title className="mt-0.5 font-semibold text-stone-900">{update.title}</Title>
        <p className={`mt-1 text-sm whitespace-pre-line text-stone-600 ${compact ? 'line-clamp-2' : ''}`}>
          <LinkedText text={update.body} />
        </p>
      </div>
    </article>
  );
}
