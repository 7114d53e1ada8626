// What the listing page offers: a paid launch, the milestones section and promotion, each at its
// product's current price, and the weeks one can choose.
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { products } from '@/db/schema';
import { listCategories } from '@/lib/catalog/catalog';
import { billboardStanding, highestBids } from './billboard-standing';
import { featuredHeld } from './bought-twice';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';
import { siteNow } from '@/lib/time/clock';

/** The weeks after the current one that a form offers, named as the launch card names them. */
function comingWeeks(now: Date, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const week = addWeeks(isoWeekOf(now), i + 1);
    return { value: week, label: `${formatWeekName(week)} · ${formatWeekRange(week)}` };
  });
}

export async function launchOffer(now = siteNow(), weeksShown = 8) {
  const priceCents = await productPrice('launch');
  return priceCents === null ? null : { priceCents, weeks: comingWeeks(now, weeksShown) };
}

/** The current price of a product on sale, or null when it is not for sale. */
export async function productPrice(key: string): Promise<number | null> {
  const [product] = await (
    await getDb()
  )
    .select({ priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.key, key), eq(products.active, true)));
  return product?.priceCents ?? null;
}

/**
 * What the listing page offers to promote a listing: the prices, the weeks, the categories, the
 * featured places the listing has or an order holds from this week on, where its billboard bids
 * stand and the highest bid of each week offered.
 */
export async function promoteOffer(opts: { listingId: number; live: boolean }, now = siteNow()) {
  const db = await getDb();
  const weeks = comingWeeks(now, 8);
  const [featuredCents, billboardCents, categories, held, bids, highest] = await Promise.all([
    productPrice('featured_week'),
    opts.live ? productPrice('billboard') : null,
    listCategories(db),
    featuredHeld(db, opts.listingId, isoWeekOf(now), now),
    opts.live ? billboardStanding(db, opts.listingId, isoWeekOf(now)) : [],
    opts.live
      ? highestBids(
          db,
          weeks.map((w) => w.value),
        )
      : new Map<string, number>(),
  ]);
  return {
    featuredCents,
    billboardCents,
    weeks,
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
    held,
    bids,
    highest,
  };
}
