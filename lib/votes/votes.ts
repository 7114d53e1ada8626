// Votes: signed-in accounts, one per account per listing, live listings only, rate-limited.
// The vote row and listings.votes_count change in one transaction with a conditional update, so
// the count stays exact however many accounts vote at once.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { listings, votes, ANNOUNCED_STATUSES, LISTING_STATUS } from '@/db/schema';
import { AppError, notFound } from '@/lib/errors/app-error';
import { revalidatePublic, tags, voteTags } from '@/lib/cache/tags';
import { enforceRateLimit, type RateLimitRule } from '@/lib/rate-limit/limiter';
import { isoWeekOf } from '@/lib/time/iso-week';

export const VOTE_RATE_LIMIT: RateLimitRule = {
  limit: Number(process.env.VOTE_RATE_LIMIT || 30),
  windowMs: 60_000,
};

export type VoteInput = { userId: string; listingId: number; vote: boolean };
export type VoteOptions = { now?: Date; rateLimit?: RateLimitRule };
export type VoteResult = { listingId: number; voted: boolean; votes: number; changed: boolean };

/** Statuses other than live that the public already sees (upcoming launches): refused with 422, not 404. */

async function assertVotable(db: Db, listingId: number): Promise<{ slug: string }> {
  const [row] = await db
    .select({ status: listings.status, slug: listings.slug })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!row || (row.status !== LISTING_STATUS.live && !ANNOUNCED_STATUSES.includes(row.status)))
    throw notFound('Listing');
  if (row.status !== LISTING_STATUS.live)
    throw new AppError('unprocessable', 'Voting opens when this product launches.', {
      errors: [{ path: 'listing_id', message: 'not live yet' }],
    });
  return row;
}

/** Sets the account's vote on a listing to `vote` (idempotent: voting twice keeps one vote). */
export async function setVote(db: Db, input: VoteInput, opts: VoteOptions = {}): Promise<VoteResult> {
  const now = opts.now ?? new Date();
  const { slug } = await assertVotable(db, input.listingId);
  await enforceRateLimit(db, `vote:user:${input.userId}`, opts.rateLimit ?? VOTE_RATE_LIMIT, now, 'votes');
  const week = isoWeekOf(now);
  const result = await db.transaction(async (tx) => {
    let changedWeek: string | null = null;
    if (input.vote) {
      const inserted = await tx
        .insert(votes)
        .values({ listingId: input.listingId, userId: input.userId, week, createdAt: now })
        .onConflictDoNothing()
        .returning({ week: votes.week });
      changedWeek = inserted[0]?.week ?? null;
    } else {
      const deleted = await tx
        .delete(votes)
        .where(and(eq(votes.listingId, input.listingId), eq(votes.userId, input.userId)))
        .returning({ week: votes.week });
      changedWeek = deleted[0]?.week ?? null;
    }
    const delta = changedWeek ? (input.vote ? 1 : -1) : 0;
    const [row] = await tx
      .update(listings)
      .set({ votesCount: sql`greatest(0, ${listings.votesCount} + ${delta})` })
      .where(and(eq(listings.id, input.listingId), eq(listings.status, LISTING_STATUS.live)))
      .returning({ votes: listings.votesCount });
    // The listing stopped being live between the check and the write: undo everything.
    if (!row) throw new AppError('unprocessable', 'This listing is no longer open for votes.');
    return { votes: row.votes, changedWeek };
  });
  if (result.changedWeek) {
    revalidatePublic(...voteTags({ id: input.listingId, slug }), tags.leaderboard(result.changedWeek));
  }
  return { listingId: input.listingId, voted: input.vote, votes: result.votes, changed: result.changedWeek !== null };
}

/** Flips the account's vote (the vote button). */
export async function toggleVote(db: Db, input: Omit<VoteInput, 'vote'>, opts: VoteOptions = {}): Promise<VoteResult> {
  const voted = await hasVoted(db, input.userId, input.listingId);
  return setVote(db, { ...input, vote: !voted }, opts);
}

export async function hasVoted(db: Db, userId: string, listingId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(votes)
    .where(and(eq(votes.listingId, listingId), eq(votes.userId, userId)))
    .limit(1);
  return rows.length > 0;
}
