// An order with nothing to pay: a promo code that would leave less than the smallest card payment
// ($0.50) takes the rest off too, and such an order is completed by Pay without a payment provider
// (Stripe would refuse the amount) and without a way to pay; an order with something to pay still
// asks for one.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, listings, orders, products } from '@/db/schema';
import { createCheckout, quoteOrder } from '@/lib/orders/checkout';
import { startPayment } from '@/lib/orders/payment';
import { MIN_CHARGE_CENTS } from '@/lib/orders/quote';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing, makePromo, uniqueCode, weekAhead } from './helpers';

const { db } = await useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
});

const [launch] = await db.select().from(products).where(eq(products.key, 'launch'));

async function launchOrder(promoCents: number, country = 'US') {
  const { user } = await createAccount(db);
  const ctx = await contextFor(db, user);
  const listing = await makeListing(db, user.id, { status: 'awaiting_badge', plan: 'free', launchWeek: weekAhead(6) });
  const promo = await makePromo(db, { code: uniqueCode('ALMOST'), kind: 'amount', value: promoCents });
  const body = {
    items: [{ product: 'launch', listing_id: listing.id, launch_week: weekAhead(2) }],
    billing_country: country,
    promo_code: promo.code,
  };
  return { user, ctx, listing, body };
}

describe('a promo code that leaves less than the smallest card payment', () => {
  it('takes the rest off too: the quote and the order are free', async () => {
    const { ctx, body } = await launchOrder(launch.priceCents - 30);
    const quote = await quoteOrder(ctx, body);
    expect(quote).toMatchObject({
      subtotal_cents: launch.priceCents,
      discount_cents: launch.priceCents,
      total_cents: 0,
    });
    // With VAT (Germany, no VAT number): 40 cents net would be 48 with VAT, still below the minimum.
    const { ctx: de, body: deBody } = await launchOrder(launch.priceCents - 40, 'DE');
    expect(await quoteOrder(de, deBody)).toMatchObject({ discount_cents: launch.priceCents, total_cents: 0 });
  });

  it('keeps a discount that leaves the minimum or more', async () => {
    const { ctx, body } = await launchOrder(launch.priceCents - MIN_CHARGE_CENTS);
    expect(await quoteOrder(ctx, body)).toMatchObject({
      discount_cents: launch.priceCents - MIN_CHARGE_CENTS,
      total_cents: MIN_CHARGE_CENTS,
    });
  });
});

describe('paying an order with nothing to pay', () => {
  it('completes it without a provider: paid, delivered, receipt mailed, no way to pay recorded', async () => {
    vi.stubEnv('PAYMENTS_TEST_MODE', '0'); // no provider at all on this site
    const { user, ctx, listing, body } = await launchOrder(launch.priceCents);
    const order = await createCheckout(ctx, body);
    expect(order.total_cents).toBe(0);
    const result = await startPayment(db, {
      number: order.number,
      method: null,
      now: ctx.now,
      baseUrl: ctx.baseUrl,
      token: null,
    });
    expect(result).toEqual({ outcome: 'paid' });
    const [row] = await db.select().from(orders).where(eq(orders.number, order.number));
    expect(row).toMatchObject({ status: 'paid', provider: 'free', paymentMethod: null, totalCents: 0 });
    const [l] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l).toMatchObject({ plan: 'paid', status: 'scheduled', launchWeek: weekAhead(2) });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email!));
    expect(mails.filter((m) => m.subject.includes(order.number))).toHaveLength(1);
  });

  it('never asks Stripe, even when Stripe takes the payments', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_unreachable');
    vi.stubEnv('STRIPE_API_BASE', 'http://127.0.0.1:9'); // nothing listens: a call would fail the payment
    const { ctx, body } = await launchOrder(launch.priceCents);
    const order = await createCheckout(ctx, body);
    const result = await startPayment(db, {
      number: order.number,
      method: 'card',
      now: ctx.now,
      baseUrl: ctx.baseUrl,
      token: null,
    });
    expect(result).toEqual({ outcome: 'paid' });
    const [row] = await db.select().from(orders).where(eq(orders.number, order.number));
    expect(row).toMatchObject({ status: 'paid', provider: 'free', paymentMethod: null });
  });

  it('asks for a way to pay when there is something to pay', async () => {
    const { ctx, body } = await launchOrder(100);
    const order = await createCheckout(ctx, body);
    await expect(
      startPayment(db, { number: order.number, method: null, now: ctx.now, baseUrl: ctx.baseUrl, token: null }),
    ).rejects.toMatchObject({ errors: [{ path: 'method', message: 'Choose how to pay.' }] });
    const [row] = await db.select().from(orders).where(eq(orders.number, order.number));
    expect(row.status).toBe('pending');
  });
});
