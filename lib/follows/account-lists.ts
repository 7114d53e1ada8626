// A signed-in account's own lists: the live products it follows and the ones it voted for, newest
// first (its Following page). Read from the primary: a follow or vote just made shows at once.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { follows, listings, votes, LISTING_STATUS } from '@/db/schema';
import { summaryColumns, type SummaryRow } from '@/lib/listings/summary';

/** At most this many of each (the page says when there are more). */
export const ACCOUNT_LIST_MAX = 100;

/** The live listings an account follows (follows) or voted for (votes), the newest first. */
async function listedBy(db: DbOrTx, table: typeof follows | typeof votes, userId: string): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(table)
    .innerJoin(listings, eq(listings.id, table.listingId))
    .where(and(eq(table.userId, userId), eq(listings.status, LISTING_STATUS.live)))
    .orderBy(desc(table.createdAt), desc(listings.id))
    .limit(ACCOUNT_LIST_MAX + 1);
}

export const followedListings = (db: DbOrTx, userId: string) => listedBy(db, follows, userId);
export const votedListings = (db: DbOrTx, userId: string) => listedBy(db, votes, userId);
