// add_milestone and delete_milestone: an owner's dated milestones on a listing. They show publicly on
// paid listings or when the section is unlocked (lib/directory/listing-page.ts milestonesShown), so
// every change expires the listing's public caches. Each change is a listing version, as an edit is.
import { and, count, eq } from 'drizzle-orm';
import { listingMilestones, LISTING_STATUS } from '@/db/schema';
import { milestonesShown } from '@/lib/directory/listing-page';
import type { AuthedContext } from '@/lib/context';
import { listingTags, revalidatePublic } from '@/lib/cache/tags';
import { AppError, notFound } from '@/lib/errors/app-error';
import type { DbOrTx } from '@/db/client';
import { loadOwnListing, type ListingRow } from '@/lib/owner-listings/access';
import { recordListingChange } from '@/lib/owner-listings/edit';
import { LISTING_FIELDS } from '@/lib/owner-listings/listing-fields';
import { MAX_MILESTONES, type MilestoneInput } from './schemas';

export type Milestone = { id: number; date: string; title: string; description: string | null; url: string | null };
/**
 * add_milestone's answer: the milestone, whether the public page shows it now, and the listing's version
 * after it (each change is a listing version: an edit sent with the version read before would be refused).
 */
export type AddedMilestone = Milestone & { listing_id: number; shown_on_listing: boolean; listing_version: number };

const view = (r: typeof listingMilestones.$inferSelect): Milestone => ({
  id: r.id,
  date: r.date,
  title: r.title,
  description: r.description,
  url: r.url,
});

export async function addMilestone(
  ctx: AuthedContext,
  input: MilestoneInput & { listing_id: number },
): Promise<AddedMilestone> {
  const { listing, row, version } = await ctx.db.transaction(async (tx) => {
    // The lock makes the count and the insert one step: two adds at once cannot pass 50 together.
    const listing = await loadOwnListing(tx, ctx.principal.userId, input.listing_id, { forUpdate: true });
    const [{ n }] = await tx
      .select({ n: count() })
      .from(listingMilestones)
      .where(eq(listingMilestones.listingId, listing.id));
    if (n >= MAX_MILESTONES)
      throw new AppError(
        'unprocessable',
        `A listing has at most ${MAX_MILESTONES} milestones: delete one before adding another.`,
        { extra: { limit: MAX_MILESTONES } },
      );
    const before = await LISTING_FIELDS.milestones.read(tx, listing);
    const [row] = await tx
      .insert(listingMilestones)
      .values({
        listingId: listing.id,
        date: input.date,
        title: input.title,
        description: input.description || null,
        url: input.url || null,
        createdAt: ctx.now,
      })
      .returning();
    const version = await recordMilestones(tx, ctx, listing, before, 'add_milestone');
    return { listing, row, version };
  });
  revalidatePublic(...listingTags(listing));
  return {
    ...view(row),
    listing_id: listing.id,
    shown_on_listing: listing.status === LISTING_STATUS.live && milestonesShown(listing),
    listing_version: version,
  };
}

/** The milestones' change as a listing version (history, version, caches). */
async function recordMilestones(
  tx: DbOrTx,
  ctx: AuthedContext,
  listing: ListingRow,
  before: unknown,
  source: string,
): Promise<number> {
  const after = await LISTING_FIELDS.milestones.read(tx, listing);
  return recordListingChange(tx, ctx, listing, [{ field: 'milestones', before, after }], {
    source,
    actorId: ctx.principal.userId,
  });
}

export async function deleteMilestone(
  ctx: AuthedContext,
  input: { listing_id: number; milestone_id: number },
): Promise<{ deleted: true; id: number; listing_version: number }> {
  const { listing, version } = await ctx.db.transaction(async (tx) => {
    const listing = await loadOwnListing(tx, ctx.principal.userId, input.listing_id, { forUpdate: true });
    const before = await LISTING_FIELDS.milestones.read(tx, listing);
    const gone = await tx
      .delete(listingMilestones)
      .where(and(eq(listingMilestones.id, input.milestone_id), eq(listingMilestones.listingId, listing.id)))
      .returning({ id: listingMilestones.id });
    // Another listing's milestone (or one already deleted) is not found, like any id that is not yours.
    if (!gone.length) throw notFound('Milestone');
    const version = await recordMilestones(tx, ctx, listing, before, 'delete_milestone');
    return { listing, version };
  });
  revalidatePublic(...listingTags(listing));
  return { deleted: true, id: input.milestone_id, listing_version: version };
}
