// What a signed-in visitor's own actions changed on a product page, read from the primary and never
// from the page cache: someone who just voted or followed sees their own state and the counts it
// produced at once, even while the cached page (and every other server's) is still being rebuilt.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { follows, listings, votes } from '@/db/schema';

export type ViewerOfListing = { voted: boolean; following: boolean; votes: number; followers: number };

export async function viewerOfListing(db: Db, userId: string, listingId: number): Promise<ViewerOfListing | null> {
  const [row] = await db
    .select({
      votes: listings.votesCount,
      followers: sql<number>`(select count(*) from ${follows} where ${follows.listingId} = ${listings.id})`.mapWith(
        Number,
      ),
      voted: sql<boolean>`exists (select 1 from ${votes} where ${votes.listingId} = ${listings.id} and ${votes.userId} = ${userId})`,
      following: sql<boolean>`exists (select 1 from ${follows} where ${follows.listingId} = ${listings.id} and ${follows.userId} = ${userId})`,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row ?? null;
}
