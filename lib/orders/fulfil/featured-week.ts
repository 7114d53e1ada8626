// Fulfils `featured_week`: the listing is pinned, marked as featured, at the top of each chosen
// category's page during each chosen week (featured_placements, read by lib/orders/featured.ts).
import { inArray } from 'drizzle-orm';
import { categories, featuredPlacements, type FulfilmentResult } from '@/db/schema';
import { revalidatePublic, tags } from '@/lib/cache/tags';
import type { FulfilContext } from './types';
import { formatWeekName } from '@/lib/directory/format';

export async function fulfilFeaturedWeek(ctx: FulfilContext): Promise<FulfilmentResult> {
  const { line } = ctx;
  if (!line.listingId) return { summary: 'No listing on this line; nothing was featured.', delivered: false };
  const weeks = (line.options.weeks as string[] | undefined) ?? [];
  const slugs = (line.options.categories as string[] | undefined) ?? [];
  const cats = slugs.length
    ? await ctx.db
        .select({ id: categories.id, slug: categories.slug, name: categories.name })
        .from(categories)
        .where(inArray(categories.slug, slugs))
    : [];
  const rows = weeks.flatMap((week) =>
    cats.map((c) => ({ listingId: line.listingId!, categoryId: c.id, week, orderLineId: line.id, createdAt: ctx.now })),
  );
  if (rows.length) await ctx.db.insert(featuredPlacements).values(rows).onConflictDoNothing();
  revalidatePublic(...cats.map((c) => tags.category(c.slug)), tags.listings);
  return {
    summary: `Featured in ${cats.map((c) => c.name).join(', ')} during ${weeks.map(formatWeekName).join(', ')}.`,
    delivered: true,
    listing_id: line.listingId,
    weeks,
    categories: cats.map((c) => c.slug),
  };
}
