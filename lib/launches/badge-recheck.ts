// The daily badge check's list: free listings still waiting for their badge.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_PLAN, LISTING_STATUS } from '@/db/schema';

export async function listingsAwaitingBadge(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.status, LISTING_STATUS.awaitingBadge), eq(listings.plan, LISTING_PLAN.free)))
    .orderBy(asc(listings.id));
  return rows.map((r) => r.id);
}
