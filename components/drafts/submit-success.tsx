'use client';
// Shown after "Submit listing": the listing id and status, and what happens next.
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { buttonClass } from '@/components/ui/button';

/** What the listing's status means to the founder, in plain words. */
function statusSentence(status: string): string {
  if (status === 'draft')
    return 'It is saved, not public yet: choose how to launch it and nobody else sees it until then.';
  if (status === 'live') return 'It is live: your changes are on its public page.';
  if (status === 'scheduled') return 'Its launch week is booked: it goes public when that week starts.';
  if (status === 'awaiting_badge') return 'Its free launch waits for our badge on your site; it is not public yet.';
  return `Its status is ${status}; it is not public yet.`;
}

export function SubmitSuccess({
  listingId,
  status,
  created,
  draftId,
}: {
  listingId: number;
  status: string;
  created: boolean;
  draftId: string;
}) {
  const ref = useRef<HTMLElement>(null);
  // A listing with a launch chosen (scheduled, awaiting its badge) or live has nothing to choose.
  const launchable = status === 'draft';
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    ref.current?.focus();
  }, [listingId]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-labelledby="submitted-heading"
      data-testid="submit-success"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 shadow-xs focus:outline-none sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-emerald-500 text-lg font-bold text-white"
        >
          ✓
        </span>
        <div className="min-w-0">
          <h2 id="submitted-heading" className="text-lg font-semibold text-emerald-950">
            {created ? 'Listing created' : 'Listing updated'}: #{listingId}
          </h2>
          <p className="mt-1 text-sm text-emerald-900">
            Listing <strong data-testid="listing-id">#{listingId}</strong> is submitted. {statusSentence(status)}
          </p>
          <h3 className="mt-4 text-sm font-semibold text-emerald-950">What happens next</h3>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-emerald-900">
            {launchable && (
              <li>
                Choose how to launch: a free launch week (add our badge to your site and complete every founder profile)
                or a paid launch that goes live right away.
              </li>
            )}
            <li>Make sure every founder has a photo and a short bio: invite your co-founders below.</li>
            <li>
              From now on the listing is the record:{' '}
              <Link href={`/account/listings/${listingId}`} className="font-medium underline underline-offset-2">
                its page
              </Link>{' '}
              is where you edit it, post updates, add milestones and see every change.
            </li>
            <li>
              Come back any time:{' '}
              <Link href={`/drafts/${draftId}`} className="font-medium underline underline-offset-2">
                this draft
              </Link>{' '}
              stays in My drafts, and saving it updates the listing too.
            </li>
          </ol>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link href={`/account/listings/${listingId}`} className={buttonClass()}>
              Open the listing
            </Link>
            {launchable && (
              <Link href={`/account/listings/${listingId}#launch`} className={buttonClass('secondary')}>
                Choose how to launch
              </Link>
            )}
            <Link href="/drafts" className={buttonClass('secondary')}>
              My drafts
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
