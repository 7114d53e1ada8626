// Fulfils `unlock_milestones`: the milestones section shows on the listing's public page.
import { eq, sql } from 'drizzle-orm';
import { listings, type FulfilmentResult } from '@/db/schema';
import { listingTags, revalidatePublic } from '@/lib/cache/tags';
import type { FulfilContext } from './types';

export async function fulfilUnlockMilestones(ctx: FulfilContext): Promise<FulfilmentResult> {
  if (!ctx.line.listingId) return { summary: 'No listing on this line; nothing was unlocked.', delivered: false };
  const [listing] = await ctx.db
    .update(listings)
    .set({
      unlockedSections: sql`case when 'milestones' = any(${listings.unlockedSections}) then ${listings.unlockedSections} else array_append(${listings.unlockedSections}, 'milestones') end`,
      updatedAt: ctx.now,
    })
    .where(eq(listings.id, ctx.line.listingId))
    .returning({ id: listings.id, slug: listings.slug, name: listings.name });
  if (!listing) return { summary: 'The listing no longer exists; nothing was unlocked.', delivered: false };
  revalidatePublic(...listingTags(listing));
  return {
    summary: `The milestones section of ${listing.name} is unlocked.`,
    delivered: true,
    listing_id: listing.id,
    section: 'milestones',
  };
}
