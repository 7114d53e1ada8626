// A promo code typed on the checkout page: the pending order is re-priced with it, through the same
// checks as a code given to quote_order or create_checkout (docs/decisions.md#checkout). It is
// claimed at payment, as any code is.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { orders } from '@/db/schema';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { isPastExpiry } from './expiry';
import { applyPromoCode, countingWrongTries } from './promo';
import { repriceOrder } from './quote';
import { linesOf } from './view';

export async function applyPromoToOrder(
  db: DbOrTx,
  number: string,
  typed: string,
  input: { ip: string | null; now: Date },
): Promise<{ code: string; discountCents: number }> {
  const code = typed.trim();
  if (!code) throw fieldError('promo_code', 'Type the promo code.');
  if (code.length > 64) throw fieldError('promo_code', 'At most 64 characters.');
  const [found] = await db.select({ ownerId: orders.ownerId }).from(orders).where(eq(orders.number, number));
  if (!found) throw new AppError('not_found', 'Order not found.');
  const ownerId = found.ownerId;
  if (!ownerId) throw new AppError('conflict', 'This order has no buyer account any more.');
  // Wrong tries count against the order's owner, as they would through the API.
  return countingWrongTries(db, { userId: ownerId, ip: input.ip, now: input.now }, () =>
    db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
      if (order.status !== 'pending' || isPastExpiry(order, input.now))
        throw new AppError('conflict', `This order is ${order.status === 'pending' ? 'expired' : order.status}.`);
      const lines = await linesOf(tx, [order.id]);
      const applied = await applyPromoCode(tx, code, {
        userId: ownerId,
        ip: input.ip,
        lines: lines.map((l) => ({ productKey: l.productKey, amountCents: l.amountCents })),
        now: input.now,
      });
      const pricing = await repriceOrder(tx, order, lines, applied.discountCents, input.now);
      await tx
        .update(orders)
        .set({
          promoCode: applied.promo.code,
          promoCodeId: applied.promo.id,
          promoDropped: null,
          discountCents: pricing.discountCents,
          vatCents: pricing.vatCents,
          totalCents: pricing.totalCents,
          updatedAt: input.now,
        })
        .where(eq(orders.id, order.id));
      return { code: applied.promo.code, discountCents: pricing.discountCents };
    }),
  );
}
