// Demo mode: one edit by the demo founder on one of their live listings, made through the versioned
// edit path, so the site team's review page (/admin/edits) has a before/after to show and revert.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings } from '@/db/schema';
import { applyListingEdit } from '@/lib/owner-listings/edit';

export const DEMO_EDIT = {
  headline: 'CI that finishes before your coffee, now with merge queues',
  summary: 'Shipfast CI: fast continuous integration with merge queues and cached builds.',
};

export async function seedDemoEdit(tx: DbOrTx, founderId: string, listingId: number, now: Date): Promise<void> {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId));
  await applyListingEdit(tx, { now: new Date(now.getTime() - 2 * 3_600_000), face: 'web' }, listing, DEMO_EDIT, {
    source: 'update_my_listing',
    actorId: founderId,
  });
}
