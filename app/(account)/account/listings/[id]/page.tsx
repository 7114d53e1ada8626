// The owner's page for one listing: edit the profile, launch, post updates, milestones, story, history.
import { notFound } from 'next/navigation';
import { LaunchSection } from '@/components/owner-listings/launch-section';
import { BuyLaunchSection } from '@/components/orders/buy-launch-section';
import { MilestonesSection } from '@/components/owner-listings/milestones-section';
import { PostUpdateSection } from '@/components/owner-listings/post-update-section';
import { StorySection } from '@/components/owner-listings/story-section';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { loadOwnListing } from '@/lib/owner-listings/access';
import { myListingView } from '@/lib/owner-listings/view';
import { publicBaseUrl } from '@/lib/site/site';

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
  const listing = await myListingView(db, { baseUrl: publicBaseUrl() }, row);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">{listing.name}</h1>
      <LaunchSection listing={listing} />
      <BuyLaunchSection listing={listing} />
      <PostUpdateSection listing={listing} />
      <MilestonesSection listing={listing} />
      <StorySection listing={listing} />
    </div>
  );
}
