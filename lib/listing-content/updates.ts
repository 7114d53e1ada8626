// post_listing_update: an owner publishes a short update on a live listing. It shows on the listing
// page, the latest-updates page and its feed at once; followers are mailed by the fan-out job
// (lib/jobs/definitions/notify-followers.ts), queued in the same transaction as the update.
import { getDb } from '@/db/client';
import { listingUpdates, LISTING_STATUS } from '@/db/schema';
import type { AuthedContext } from '@/lib/context';
import { listingTags, revalidatePublic, tags } from '@/lib/cache/tags';
import { AppError } from '@/lib/errors/app-error';
import { countFollowers } from '@/lib/follows/follows';
import { sendJob } from '@/lib/jobs/send';
import { loadOwnListing } from '@/lib/owner-listings/access';
import { countRecipients } from './fan-out';
import { enforceRateLimit, type RateLimitRule } from '@/lib/rate-limit/limiter';

const DAY_MS = 86_400_000;

/** Each update mails every follower: at most this many per listing per (UTC) day (LISTING_UPDATE_RATE_LIMIT)... */
export const updatesPerListing = (): RateLimitRule => ({
  limit: Number(process.env.LISTING_UPDATE_RATE_LIMIT) || 10,
  windowMs: DAY_MS,
});
/** ...and per account across all its listings (ACCOUNT_UPDATE_RATE_LIMIT). */
export const updatesPerAccount = (): RateLimitRule => ({
  limit: Number(process.env.ACCOUNT_UPDATE_RATE_LIMIT) || 30,
  windowMs: DAY_MS,
});

export type PostedUpdate = {
  id: number;
  listing_id: number;
  title: string;
  body: string;
  created_at: string;
  url: string;
  followers: number;
};

/** Why a listing cannot post, or null when it can (only live listings post). */
export function cannotPostReason(status: string): string | null {
  if (status === LISTING_STATUS.live) return null;
  const words: Record<string, string> = {
    draft: 'not launched yet',
    awaiting_badge: 'waiting for its badge before its free launch',
    scheduled: 'scheduled, not live yet',
  };
  return `Only a live listing can post updates: this listing is ${words[status] ?? status.replace(/_/g, ' ')}.`;
}

/** Where an update is read publicly: the listing page's updates section. */
export const updateUrl = (baseUrl: string, slug: string) => `${baseUrl}/p/${slug}#updates`;

export async function postListingUpdate(
  ctx: AuthedContext,
  input: { listing_id: number; title: string; body: string },
): Promise<PostedUpdate> {
  const userId = ctx.principal.userId;
  const body = input.body.replace(/\r\n?/g, '\n');
  const { listing, row } = await ctx.db.transaction(async (tx) => {
    const listing = await loadOwnListing(tx, userId, input.listing_id, { forUpdate: true });
    const reason = cannotPostReason(listing.status);
    if (reason)
      throw new AppError('conflict', reason, { extra: { reason: 'listing_not_live', listing_status: listing.status } });
    // Counted in the transaction: a refused or failed post does not use up the day's allowance.
    await enforceRateLimit(
      tx,
      `listing-update:listing:${listing.id}`,
      updatesPerListing(),
      ctx.now,
      'updates for this listing today',
    );
    await enforceRateLimit(
      tx,
      `listing-update:user:${userId}`,
      updatesPerAccount(),
      ctx.now,
      'updates from your account today',
    );
    const [row] = await tx
      .insert(listingUpdates)
      .values({ listingId: listing.id, authorId: userId, title: input.title, body, createdAt: ctx.now })
      .returning();
    // Queued with the update: both happen or neither (the local runner's queue is a table). Inngest may
    // get the event before the commit: the job's first batch then fails to find the update and retries.
    await sendJob({ name: 'listings/update-posted', data: { update_id: row.id } }, { db: tx });
    return { listing, row };
  });
  revalidatePublic(...listingTags(listing, [tags.updates]));
  return {
    id: row.id,
    listing_id: listing.id,
    title: row.title,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    url: updateUrl(ctx.baseUrl, listing.slug),
    followers: await countRecipients(ctx.db, listing.id, userId),
  };
}

/** How many accounts follow the listing (the owner's page says who will be emailed). */
export async function listingFollowerCount(listingId: number): Promise<number> {
  return countFollowers(await getDb(), listingId);
}
