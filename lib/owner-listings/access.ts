// Which listings an account may manage: its own, and those of drafts it co-owns through an accepted
// invite. Anything else is "not found" (docs/decisions.md#not-yours-is-not-found).
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings } from '@/db/schema';
import { notFound } from '@/lib/errors/app-error';

export type ListingRow = typeof listings.$inferSelect;

/** SQL condition: the listing (the `listings` table in the query) is managed by `userId`. */
export function managedBy(userId: string): SQL {
  return or(
    eq(listings.ownerId, userId),
    sql`exists (select 1 from drafts d join draft_invites i on i.draft_id = d.id
      where d.listing_id = ${listings.id} and i.accepted_by = ${userId})`,
  )!;
}

/** The listing if `userId` manages it; 404 otherwise. `forUpdate` locks the row for the transaction. */
export async function loadOwnListing(
  db: DbOrTx,
  userId: string,
  listingId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ListingRow> {
  const query = db
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), managedBy(userId)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Listing');
  return row;
}
