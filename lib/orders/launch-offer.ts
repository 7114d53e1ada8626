// What the listing page offers as a paid launch: the current price and the weeks one can choose.
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { products } from '@/db/schema';
import { listCategories } from '@/lib/catalog/catalog';
import { addWeeks, isoWeekOf, weekStart } from '@/lib/time/iso-week';

export async function launchOffer(now = new Date(), weeksShown = 8) {
  const [product] = await (
    await getDb()
  )
    .select()
    .from(products)
    .where(and(eq(products.key, 'launch'), eq(products.active, true)));
  if (!product) return null;
  const weeks = Array.from({ length: weeksShown }, (_, i) => {
    const week = addWeeks(isoWeekOf(now), i + 1);
    return { value: week, label: `${week} (from Monday ${weekStart(week)!.toISOString().slice(0, 10)})` };
  });
  return { priceCents: product.priceCents, weeks };
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

/** What the listing page offers to promote a listing: the prices, the weeks and the categories. */
export async function promoteOffer(opts: { live: boolean }) {
  const [featuredCents, billboardCents, launch, categories] = await Promise.all([
    productPrice('featured_week'),
    opts.live ? productPrice('billboard') : null,
    launchOffer(),
    listCategories(await getDb()),
  ]);
  return {
    featuredCents,
    billboardCents,
    weeks: launch?.weeks ?? [],
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
  };
}

/** A pending order whose 24 h have passed is treated as expired before the expiry job gets to it. */
export function isPastExpiry(order: { status: string; expiresAt: Date }, now = new Date()): boolean {
  return order.status === 'pending' && order.expiresAt <= now;
}
