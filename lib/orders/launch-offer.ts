// What the listing page offers as a paid launch: the current price and the weeks one can choose.
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { products } from '@/db/schema';
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

/** A pending order whose 24 h have passed is treated as expired before the expiry job gets to it. */
export function isPastExpiry(order: { status: string; expiresAt: Date }, now = new Date()): boolean {
  return order.status === 'pending' && order.expiresAt <= now;
}
