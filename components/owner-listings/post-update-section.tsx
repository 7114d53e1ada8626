// Post an update to followers, on the owner's listing page: the form (title, body, character counts),
// who will be emailed, and the latest updates. Only a live listing can post; otherwise the form says why.
import Link from 'next/link';
import { cardClass } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDate } from '@/lib/directory/format';
import { cannotPostReason, listingFollowerCount } from '@/lib/listing-content/updates';
import type { MyListing } from '@/lib/owner-listings/view';
import { PostUpdateForm } from './post-update-form';

export async function PostUpdateSection({ listing }: { listing: MyListing }) {
  const followers = await listingFollowerCount(listing.id);
  return (
    <section aria-labelledby="post-update-heading" className={`${cardClass} p-4 sm:p-6`}>
      <h2 id="post-update-heading" className="text-lg font-semibold text-stone-900">
        Post an update
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Tell people what you shipped. Updates show on your listing page, on{' '}
        <Link href="/updates" className="text-brand-700 underline underline-offset-2">
          latest updates
        </Link>{' '}
        and in its RSS feed.
      </p>
      <p className="mt-2 text-sm text-stone-800" data-testid="follower-count">
        {followers === 0
          ? `No one follows ${listing.name} yet. Followers get every update by email.`
          : `${followers === 1 ? '1 person follows' : `${followers} people follow`} ${listing.name}: each gets your update by email (not you).`}
      </p>
      <PostUpdateForm listingId={listing.id} disabledReason={cannotPostReason(listing.status)} />

      <h3 className="mt-6 text-sm font-semibold text-stone-900">Latest updates</h3>
      {listing.latest_updates.length ? (
        <ul className="mt-2 divide-y divide-stone-100 wrap-anywhere" aria-label="Latest updates">
          {listing.latest_updates.map((u) => (
            <li key={u.id} className="py-3">
              <p className="text-xs text-stone-600">
                <time dateTime={u.created_at}>{formatDate(u.created_at)}</time>
              </p>
              <p className="font-medium text-stone-900">{u.title}</p>
              <p className="mt-0.5 line-clamp-3 text-sm whitespace-pre-line text-stone-700">{u.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState className="mt-2">No updates posted yet.</EmptyState>
      )}
    </section>
  );
}
