// A promo code typed on the checkout page (there was no field for one: codes worked only through the
// API): the pending order is re-priced with the same checks, and the code is claimed at payment.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@/db/schema';
import { createCheckout } from '@/lib/orders/checkout';
import { applyPromoToOrder } from '@/lib/orders/order-promo';
import { startPayment } from '@/lib/orders/payment';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing, makePromo, uniqueCode } from './helpers';

const { db } = await useTestDatabase();
const DAY = 86_400_000;

async function pendingOrder(country = 'DE') {
  const { user } = await createAccount(db);
  const ctx = await contextFor(db, user);
  const listing = await makeListing(db, user.id);
  const order = await createCheckout(ctx, {
    items: [{ product: 'unlock_milestones', listing_id: listing.id }],
    billing_country: country,
  });
  return { ctx, order };
}
const row = async (number: string) => (await db.select().from(orders).where(eq(orders.number, number)))[0];

describe('a promo code typed on the checkout page', () => {
  it('re-prices the order, VAT on the discounted amount, and is claimed at payment', async () => {
    const { ctx, order } = await pendingOrder();
    const code = uniqueCode('PAGE');
    await makePromo(db, { code, kind: 'percent', value: 2000 });
    const applied = await applyPromoToOrder(db, order.number, ` ${code} `, { ip: null, now: ctx.now });
    const net = order.subtotal_cents - Math.round(order.subtotal_cents * 0.2);
    expect(applied).toEqual({ code, discountCents: order.subtotal_cents - net });
    const after = await row(order.number);
    expect(after).toMatchObject({ promoCode: code, discountCents: order.subtotal_cents - net });
    expect(after.vatCents).toBe(Math.round(net * 0.19));
    expect(after.totalCents).toBe(net + after.vatCents);
    await startPayment(db, { number: order.number, method: 'card', now: ctx.now, baseUrl: '', token: null });
    expect((await row(order.number)).status).toBe('paid');
  });

  it('refuses what the API refuses, naming the reason, and leaves the order as it was', async () => {
    const { ctx, order } = await pendingOrder();
    const before = await row(order.number);
    const expired = uniqueCode('OLD');
    await makePromo(db, { code: expired, endsAt: new Date(Date.now() - DAY) });
    for (const [code, reason] of [
      [expired, 'promo_code_invalid'],
      [expired.toLowerCase(), 'promo_code_invalid'],
      ['', 'validation_failed'],
    ] as const)
      await expect(applyPromoToOrder(db, order.number, code, { ip: null, now: ctx.now })).rejects.toMatchObject({
        code: reason,
      });
    expect(await row(order.number)).toMatchObject({ totalCents: before.totalCents, promoCode: null });
    // A paid or cancelled order takes no code.
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.number, order.number));
    const good = uniqueCode('GOOD');
    await makePromo(db, { code: good });
    await expect(applyPromoToOrder(db, order.number, good, { ip: null, now: ctx.now })).rejects.toMatchObject({
      code: 'conflict',
    });
  });
});
