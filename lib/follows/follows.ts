// Following a listing: signed-in accounts, public (live) listings; followers hear about updates.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { follows, listings, users, LISTING_STATUS } from '@/db/schema';
import { notFound } from '@/lib/errors/app-error';
import { enforceRateLimit, type RateLimitRule } from '@/lib/rate-limit/limiter';
import { listingPageTags, revalidatePublic } from '@/lib/cache/tags';

export const FOLLOW_RATE_LIMIT: RateLimitRule = {
  limit: Number(process.env.FOLLOW_RATE_LIMIT || 30),
  windowMs: 60_000,
};

export type FollowResult = { listingId: number; following: boolean; followers: number };

export async function setFollow(
  db: Db,
  input: { userId: string; listingId: number; follow: boolean },
  opts: { now?: Date; rateLimit?: RateLimitRule } = {},
): Promise<FollowResult> {
  const [listing] = await db
    .select({ status: listings.status, slug: listings.slug })
    .from(listings)
    .where(eq(listings.id, input.listingId));
  if (!listing || listing.status !== LISTING_STATUS.live) throw notFound('Listing');
  await enforceRateLimit(
    db,
    `follow:user:${input.userId}`,
    opts.rateLimit ?? FOLLOW_RATE_LIMIT,
    opts.now,
    'follow changes',
  );
  if (input.follow) {
    await db.insert(follows).values({ listingId: input.listingId, userId: input.userId }).onConflictDoNothing();
  } else {
    await db.delete(follows).where(and(eq(follows.listingId, input.listingId), eq(follows.userId, input.userId)));
  }
  revalidatePublic(...listingPageTags({ id: input.listingId, slug: listing.slug }));
  return { listingId: input.listingId, following: input.follow, followers: await countFollowers(db, input.listingId) };
}

export async function isFollowing(db: DbOrTx, userId: string, listingId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.listingId, listingId), eq(follows.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function countFollowers(db: DbOrTx, listingId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(follows)
    .where(eq(follows.listingId, listingId));
  return row?.n ?? 0;
}

/**
 * Who to tell when the listing posts an update: for the follower mail fan-out (next issue).
 * @public
 */
export async function listFollowers(
  db: DbOrTx,
  listingId: number,
): Promise<{ userId: string; email: string | null; name: string | null }[]> {
  return db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.userId))
    .where(eq(follows.listingId, listingId));
}
