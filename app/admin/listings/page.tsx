// The site team's listings: find any listing of this site (any status) by id, name, slug, website or
// owner email; see its status, owner and plan; reject or archive it with a reason, or restore it.
// Owners asking for another look are counted at the top and listed by the status choice REVIEW_REQUESTED.
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { AnswerReviewForm } from '@/components/admin/answer-review-form';
import { ModerateForm } from '@/components/admin/moderate-form';
import { FlashNotice } from '@/components/ui/flash-notice';
import { RestoreButton } from '@/components/admin/restore-button';
import { Pagination, pageParam, stringParam } from '@/components/directory/pagination';
import { badgeClass, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClass, labelClass } from '@/components/ui/field';
import { getDb } from '@/db/client';
import { LISTING_STATUSES, type ListingStatus } from '@/db/schema';
import { isListingStatus, openReviewRequests, searchAdminListings, type AdminListingRow } from '@/lib/admin/moderation';
import { LISTINGS_NOTICE_COOKIE } from '@/lib/admin/page-notices';
import { requireAdmin } from '@/lib/auth/admin';
import { getSite } from '@/lib/site/site';

export const metadata: Metadata = { title: 'Listings · Site team' };
export const dynamic = 'force-dynamic';

const PER_PAGE = 20;
/** The status choice that lists the listings whose owner asks for another look. */
const REVIEW_REQUESTED = 'review_requested';

const STATUS_TONES: Record<ListingStatus, BadgeTone> = {
  draft: 'neutral',
  awaiting_badge: 'info',
  scheduled: 'info',
  live: 'success',
  rejected: 'danger',
  archived: 'warning',
};
const statusLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace('_', ' ');

function ListingItem({ l }: { l: AdminListingRow }) {
  const headingId = `listing-${l.id}`;
  const moderated = l.status === 'rejected' || l.status === 'archived';
  return (
    <article aria-labelledby={headingId} className={`${cardClass} p-4 sm:p-5`} data-testid="admin-listing">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-stone-900">
            {l.name} <span className="text-sm font-normal text-stone-500">#{l.id}</span>
          </h2>
          <p className="mt-0.5 text-sm break-all text-stone-600">{l.url}</p>
        </div>
        <span className={badgeClass(STATUS_TONES[l.status])}>
          <span className="sr-only">Status: </span>
          {statusLabel(l.status)}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="inline text-stone-600">Owner: </dt>
          <dd className="inline break-all text-stone-900">
            {l.owner ? l.owner.email || l.owner.name || l.owner.id : 'none'}
          </dd>
        </div>
        <div>
          <dt className="inline text-stone-600">Plan: </dt>
          <dd className="inline text-stone-900">{l.plan}</dd>
        </div>
        <div>
          <dt className="inline text-stone-600">Launch week: </dt>
          <dd className="inline text-stone-900">{l.launchWeek ?? 'none'}</dd>
        </div>
        {l.statusReason && (
          <div className="sm:col-span-3">
            <dt className="inline text-stone-600">Reason: </dt>
            <dd className="inline whitespace-pre-wrap text-stone-900">{l.statusReason}</dd>
          </div>
        )}
      </dl>
      {l.reviewRequest && (
        <div
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
          data-testid="review-request"
        >
          <p className="font-medium text-amber-900">
            The owner asks for another look ({l.reviewRequest.requestedAt.toISOString().slice(0, 16).replace('T', ' ')}{' '}
            UTC):
          </p>
          <p className="mt-1 wrap-anywhere whitespace-pre-wrap text-stone-900">{l.reviewRequest.message}</p>
          {moderated && <AnswerReviewForm listingId={l.id} listingName={l.name} status={l.status} />}
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {l.status === 'live' && (
          <Link href={`/p/${l.slug}`} className="font-medium text-brand-700 underline underline-offset-2">
            Public page<span className="sr-only"> of {l.name}</span>
          </Link>
        )}
        <Link href={`/admin/edits?listing=${l.id}`} className="font-medium text-brand-700 underline underline-offset-2">
          Edits<span className="sr-only"> of {l.name}</span>
        </Link>
        {moderated && <RestoreButton listingId={l.id} listingName={l.name} />}
      </div>
      {l.status !== 'archived' && (
        // Keyed by the status: after a decision it closes (it stayed open, relabelled "Archive…").
        <details key={l.status} className="mt-3 rounded-lg border border-stone-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-stone-800">
            {l.status === 'rejected' ? 'Archive' : 'Reject or archive'}
            <span className="sr-only"> {l.name}</span>…
          </summary>
          <div className="mt-3">
            <ModerateForm listingId={l.id} listingName={l.name} rejected={l.status === 'rejected'} />
          </div>
        </details>
      )}
    </article>
  );
}

type Search = { q?: string | string[]; status?: string | string[]; page?: string | string[] };

export default async function AdminListingsPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin();
  const sp = await searchParams;
  const q = stringParam(sp.q, 200);
  const statusText = stringParam(sp.status, 20);
  const status = isListingStatus(statusText) ? statusText : undefined;
  const reviewRequested = statusText === REVIEW_REQUESTED;
  const page = pageParam(sp.page);
  const db = await getDb();
  const site = await getSite(db);
  const [result, requests] = await Promise.all([
    searchAdminListings(db, site, { q, status, reviewRequested, page, per_page: PER_PAGE }),
    openReviewRequests(db, site),
  ]);
  const notice = (await cookies()).get(LISTINGS_NOTICE_COOKIE)?.value.slice(0, 400);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Listings</h1>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          Every listing of this site, whatever its status. A rejected or archived listing leaves every public page at
          once; its owner is emailed the reason. Restore undoes the latest rejection or archiving.
        </p>
      </header>
      {notice && <FlashNotice message={notice} cookieName={LISTINGS_NOTICE_COOKIE} />}
      {requests > 0 && !reviewRequested && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Link
            href={`/admin/listings?status=${REVIEW_REQUESTED}`}
            className="font-semibold underline underline-offset-2"
            data-testid="review-requests-link"
          >
            {requests === 1 ? '1 owner asks' : `${requests} owners ask`} for another look
          </Link>{' '}
          at a rejected or archived listing.
        </p>
      )}
      <form
        method="get"
        action="/admin/listings"
        role="search"
        aria-label="Find listings"
        className={`${cardClass} p-4`}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="listings-q" className={labelClass}>
              Find
            </label>
            <input
              id="listings-q"
              name="q"
              type="search"
              defaultValue={q ?? ''}
              placeholder="Id, name, slug, website or owner email"
              className={`${inputClass} mt-1.5`}
            />
          </div>
          <div>
            <label htmlFor="listings-status" className={labelClass}>
              Status
            </label>
            <select
              id="listings-status"
              key={statusText ?? ''} // a link to another status choice re-renders this page in place
              name="status"
              defaultValue={reviewRequested ? REVIEW_REQUESTED : (status ?? '')}
              className={`${inputClass} mt-1.5`}
            >
              <option value="">Any</option>
              {LISTING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
              <option value={REVIEW_REQUESTED}>Asks for another look</option>
            </select>
          </div>
          <Button type="submit" variant="neutral">
            Search
          </Button>
        </div>
      </form>
      <p className="text-sm text-stone-600">
        {result.total.toLocaleString('en-US')} {result.total === 1 ? 'listing' : 'listings'}
      </p>
      {result.items.length === 0 ? (
        <EmptyState>No listing matches.</EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Listings">
          {result.items.map((l) => (
            <li key={l.id}>
              <ListingItem l={l} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        perPage={PER_PAGE}
        total={result.total}
        basePath="/admin/listings"
        params={{ q, status: reviewRequested ? REVIEW_REQUESTED : status }}
      />
    </div>
  );
}
