// The featured_week product's delivery on the site: listings pinned at the top of a category's page
// during the weeks bought (featured_placements). Only live listings show.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { cachedRead } from '@/lib/cache/cached-read';
import { categories, featuredPlacements, listings, LISTING_STATUS } from '@/db/schema';
import { tags } from '@/lib/cache/tags';
import { summaryColumns, type SummaryRow } from '@/lib/listings/summary';
import { isoWeekOf } from '@/lib/time/iso-week';
import { siteNow } from '@/lib/time/clock';

export async function featuredInCategory(db: DbOrTx, slug: string, week: string): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(featuredPlacements)
    .innerJoin(categories, eq(categories.id, featuredPlacements.categoryId))
    .innerJoin(listings, eq(listings.id, featuredPlacements.listingId))
    .where(and(eq(categories.slug, slug), eq(featuredPlacements.week, week), eq(listings.status, LISTING_STATUS.live)))
    .orderBy(asc(featuredPlacements.createdAt), asc(listings.id))
    .limit(5);
}

/** The category page's featured listings this week (cached, expired by the fulfilment's tags). */
export function cachedFeatured(slug: string, now = siteNow()) {
  const week = isoWeekOf(now);
  return cachedRead(['featured', slug, week], [tags.all, tags.listings, tags.category(slug)], (db) =>
    featuredInCategory(db, slug, week),
  );
}
