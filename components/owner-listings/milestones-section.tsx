// Add and delete milestones, on the owner's listing page: the list (newest last, as on the public
// page) with a delete button each, and the add form. Says when they are not public yet.
import { cardClass } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDate } from '@/lib/directory/format';
import { milestonesShown } from '@/lib/directory/listing-page';
import { MAX_MILESTONES } from '@/lib/listing-content/schemas';
import type { MyListing } from '@/lib/owner-listings/view';
import { BuyMilestonesForm } from '@/components/orders/buy-milestones-form';
import { productPrice } from '@/lib/orders/launch-offer';
import { usd } from '@/lib/orders/money';
import { AddMilestoneForm, DeleteMilestoneButton } from './milestone-forms';

/** `onThisSite`: the listing is this site's, so the section can be bought here (another site sells its own). */
export async function MilestonesSection({ listing, onThisSite }: { listing: MyListing; onThisSite: boolean }) {
  const shown = milestonesShown({ plan: listing.plan, unlockedSections: listing.unlocked_sections });
  const full = listing.milestones.length >= MAX_MILESTONES;
  const price =
    !shown && onThisSite && !['rejected', 'archived'].includes(listing.status)
      ? await productPrice('unlock_milestones')
      : null;
  return (
    <section aria-labelledby="milestones-heading" className={`${cardClass} p-4 sm:p-6`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="milestones-heading" className="text-lg font-semibold text-stone-900">
          Milestones
        </h2>
        <span className="text-xs text-stone-600">
          {listing.milestones.length} of {MAX_MILESTONES}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {shown
          ? 'Dated moments in your product’s story, shown on your public listing page.'
          : 'Dated moments in your product’s story. They show on your public page once the listing is paid or its milestones section is unlocked; you can add them now.'}
      </p>
      {price !== null && <BuyMilestonesForm listingId={listing.id} price={usd(price)} />}
      {listing.milestones.length ? (
        <ol className="mt-4 divide-y divide-stone-100" aria-label="Your milestones">
          {/* Newest first, as the public page lists them (the API answers them oldest first). */}
          {[...listing.milestones].reverse().map((m) => (
            <li key={m.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-xs text-stone-600">
                  <time dateTime={m.date}>{formatDate(`${m.date}T00:00:00Z`)}</time>
                </p>
                <p className="font-medium break-words text-stone-900">{m.title}</p>
                {m.description && <p className="mt-0.5 text-sm whitespace-pre-line text-stone-700">{m.description}</p>}
                {m.url && (
                  <a
                    href={m.url}
                    rel="noopener noreferrer nofollow"
                    className="mt-0.5 block truncate text-sm text-brand-700 underline underline-offset-2"
                  >
                    {m.url}
                  </a>
                )}
              </div>
              <DeleteMilestoneButton listingId={listing.id} id={m.id} title={m.title} />
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState className="mt-4">No milestones yet.</EmptyState>
      )}
      <AddMilestoneForm
        listingId={listing.id}
        fullReason={
          full ? `This listing has the maximum of ${MAX_MILESTONES} milestones: delete one to add another.` : null
        }
      />
    </section>
  );
}
