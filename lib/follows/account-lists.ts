// A signed-in account's own lists: the live products it follows and the ones it voted for, newest
// first (its Following page). Read from the primary: a follow or vote just made shows at once.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { follows, listings, votes, LISTING_STATUS } from '@/db/schema';
import { summaryColumns, type SummaryRow } from '@/lib/listings/summary';

/** At most this many of each (the page says when there are more). */
export const ACCOUNT_LIST_MAX = 100;

export async function followedListings(db: DbOrTx, userId: string): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(follows)
    .innerJoin(listings, eq(listings.id, follows.listingId))
    .where(and(eq(follows.userId, userId), eq(listings.status, LISTING_STATUS.live)))
    .orderBy(desc(follows.createdAt), desc(listings.id))
    .limit(ACCOUNT_LIST_MAX + 1);
}

export async function votedListings(db: DbOrTx, userId: string): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(votes)
    .innerJoin(listings, eq(listings.id, votes.listingId))
    .where(and(eq(votes.userId, userId), eq(listings.status, LISTING_STATUS.live)))
    .orderBy(desc(votes.createdAt), desc(listings.id))
    .limit(ACCOUNT_LIST_MAX + 1);
}
