// Pending orders expire 24 h after checkout (ORDER_TTL_HOURS): the weeks they held are free again
// (capacity counts pending orders only until they expire) and their promo holds are released. The job
// runs every 10 minutes; until it reaches an order, every view of it already reads it as expired.
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { siteNow } from '@/lib/time/clock';
import { releaseHold } from './promo';

export async function expireOrders(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
      .returning({ id: orders.id });
    for (const o of expired) await releaseHold(tx, o.id);
    return expired.length;
  });
}

/** A pending order whose 24 h have passed is treated as expired before the expiry job gets to it. */
export function isPastExpiry(order: { status: string; expiresAt: Date }, now = siteNow()): boolean {
  return order.status === 'pending' && order.expiresAt <= now;
}
