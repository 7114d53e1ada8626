// Cancelling a pending order: the buyer on the checkout page, or fulfilment when another order made it
// deliver nothing (lib/orders/fulfil/launch.ts). Its promo hold and reserved weeks are released.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { orders } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { releaseHold } from './promo';

/** The buyer cancels a pending order on the checkout page; its promo hold and reserved weeks are released. */
export async function cancelOrder(db: DbOrTx, number: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    if (!order || order.status !== 'pending') throw new AppError('conflict', 'Only a pending order can be cancelled.');
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    await releaseHold(tx, order.id);
  });
}
