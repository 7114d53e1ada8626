// One badge check of a listing, recorded on the listing (badge_checked_at, badge_check_result,
// badge_verified_at when found); a find that closes the last gate schedules the launch.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings } from '@/db/schema';
import { notFound } from '@/lib/errors/app-error';
import type { ListingRow } from '@/lib/owner-listings/access';
import { enforceRateLimit, type RateLimitRule } from '@/lib/rate-limit/limiter';
import { publicBaseUrl } from '@/lib/site/site';
import { checkBadgeOnSite, isFound, type BadgeCheck } from './badge-check';
import { promoteIfReady, type LaunchCtx } from './schedule';

/** "Check now" and verify_badge: per listing (it reads someone's website; BADGE_CHECK_RATE_LIMIT in 10 minutes) and per account. */
const perListing = (): RateLimitRule => ({
  limit: Number(process.env.BADGE_CHECK_RATE_LIMIT) || 5,
  windowMs: 10 * 60_000,
});
const BADGE_CHECKS_PER_ACCOUNT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };

export async function limitBadgeChecks(db: DbOrTx, userId: string, listingId: number, now: Date): Promise<void> {
  await enforceRateLimit(db, `badge-check:listing:${listingId}`, perListing(), now, 'badge checks');
  await enforceRateLimit(db, `badge-check:user:${userId}`, BADGE_CHECKS_PER_ACCOUNT, now, 'badge checks');
}

export type BadgeCheckRun = { row: ListingRow; check: BadgeCheck };

/** Reads the listing's site for the badge, records what it saw, and schedules the launch when ready. */
export async function runBadgeCheck(db: DbOrTx, ctx: LaunchCtx, listingId: number): Promise<BadgeCheckRun> {
  const [row] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!row) throw notFound('Listing');
  const check = await checkBadgeOnSite(db, {
    siteUrl: row.url,
    slug: row.slug,
    baseUrls: [...new Set([ctx.baseUrl, publicBaseUrl()])],
    now: ctx.now,
  });
  await db
    .update(listings)
    .set({
      badgeCheckedAt: ctx.now,
      badgeCheckResult: check.result,
      ...(isFound(check.result) ? { badgeVerifiedAt: ctx.now } : {}),
    })
    .where(eq(listings.id, listingId));
  return { row: await promoteIfReady(db, row, ctx.now), check };
}
