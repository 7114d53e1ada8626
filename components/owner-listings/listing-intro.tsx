// The top of the owner's listing page: status, plan, launch week and the public page.
import type { MyListing } from '@/lib/owner-listings/view';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { ReviewRequestForm } from './review-request-form';
import { PLAN_LABELS, statusInfo } from './status-labels';

/** `reviewAskedAt`: the owner's request for another look, while the site team has not answered it. */
export function ListingIntro({ listing, reviewAskedAt = null }: { listing: MyListing; reviewAskedAt?: Date | null }) {
  const status = statusInfo(listing.status);
  const isPublic = listing.status === 'live';
  return (
    <Card as="section" aria-labelledby="listing-intro-heading" padding="p-5" data-testid="listing-intro">
      <h2 id="listing-intro-heading" className="sr-only">
        Status
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="text-sm text-stone-700">{status.sentence}</span>
      </div>
      {listing.status_reason && (
        <p className="mt-2 text-sm text-stone-700">
          <strong>Reason given:</strong> {listing.status_reason}
        </p>
      )}
      {(listing.status === 'rejected' || listing.status === 'archived') && reviewAskedAt && (
        <p className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700" data-testid="review-asked">
          You asked the site team for another look on {reviewAskedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC;
          they have not answered yet and mail you when they do.
        </p>
      )}
      {(listing.status === 'rejected' || listing.status === 'archived') && <ReviewRequestForm listingId={listing.id} />}
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-600">Plan</dt>
          <dd className="font-medium text-stone-900">{PLAN_LABELS[listing.plan] ?? listing.plan}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Launch week</dt>
          <dd className="font-medium text-stone-900">
            {listing.launch_week
              ? `${formatWeekName(listing.launch_week)} · ${formatWeekRange(listing.launch_week)}`
              : 'Not chosen yet'}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Public page</dt>
          <dd className="font-medium break-all text-stone-900">
            {isPublic ? (
              <a href={listing.page_url} className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
                {listing.page_url.replace(/^https?:\/\//, '')}
              </a>
            ) : listing.status === 'rejected' || listing.status === 'archived' ? (
              <span className="text-stone-700">Not shown</span>
            ) : (
              <a href={listing.page_url} className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
                A coming-soon card until launch
              </a>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
