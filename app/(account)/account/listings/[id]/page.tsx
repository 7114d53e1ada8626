// The owner's page for one listing: status, edit the profile, launch, post updates, milestones, story, history.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { HistorySection } from '@/components/owner-listings/history-section';
import { LaunchSection } from '@/components/owner-listings/launch-section';
import { BuyLaunchSection } from '@/components/orders/buy-launch-section';
import { PromoteSection } from '@/components/orders/promote-section';
import { ListingIntro } from '@/components/owner-listings/listing-intro';
import { openReviewRequest } from '@/lib/owner-listings/review-request';
import { MilestonesSection } from '@/components/owner-listings/milestones-section';
import { PostUpdateSection } from '@/components/owner-listings/post-update-section';
import { ProfileEditSection } from '@/components/owner-listings/profile-edit-section';
import { StorySection } from '@/components/owner-listings/story-section';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { loadOwnListing } from '@/lib/owner-listings/access';
import { categoryNames } from '@/lib/owner-listings/categories';
import { listingHistory } from '@/lib/owner-listings/history';
import { myListingView } from '@/lib/owner-listings/view';
import { getSite, publicBaseUrl } from '@/lib/site/site';
import { Card } from '@/components/ui/card';

export const metadata: Metadata = { title: 'My listing' };
export const dynamic = 'force-dynamic';

export default async function OwnListingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/account/listings/${encodeURIComponent(id)}`);
  const listingId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(listingId)) notFound();
  const db = await getDb();
  const row = await loadOwnListing(db, user.id, listingId).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'not_found') notFound();
    throw e;
  });
  const [listing, categories, history, site, askedAt] = await Promise.all([
    myListingView(db, { baseUrl: publicBaseUrl() }, row),
    categoryNames(db),
    listingHistory(db, row.id),
    getSite(db),
    openReviewRequest(db, row.id),
  ]);
  // Another site's listing (one database can serve several) is launched and bought for on that site.
  const onThisSite = row.siteId === site.id;
  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm">
          <Link href="/account/listings" className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
            My listings
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">{listing.name}</h1>
        <p className="mt-1 truncate text-sm text-stone-600">{listing.url}</p>
      </header>
      <ListingIntro listing={listing} reviewAskedAt={askedAt} />
      {onThisSite ? (
        <>
          <LaunchSection listing={listing} />
          <BuyLaunchSection listing={listing} />
          <PromoteSection listing={listing} />
        </>
      ) : (
        <Card title="Launch">
          <p className="text-sm text-stone-700" data-testid="other-site-launch">
            This listing is on another site: launch it and buy for it there. Edits you make here can be applied to it
            from your listing on this site.
          </p>
        </Card>
      )}
      <ProfileEditSection listing={listing} categories={categories} />
      <PostUpdateSection listing={listing} />
      <MilestonesSection listing={listing} onThisSite={onThisSite} />
      <StorySection listing={listing} />
      <HistorySection listing={listing} history={history} userId={user.id} />
    </div>
  );
}
