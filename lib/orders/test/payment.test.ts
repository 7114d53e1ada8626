// Paying through the test-mode provider takes the same path as a webhook: paid exactly once, each
// line fulfilled exactly once, duplicate or repeated events change nothing; a one-use promo code
// raced by 20 payments discounts exactly one; expiry releases reserved weeks and promo holds.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emailOutbox,
  featuredPlacements,
  listings,
  orderLines,
  orders,
  paymentEvents,
  promoRedemptions,
} from '@/db/schema';
import { createCheckout, quoteOrder } from '@/lib/orders/checkout';
import { expireOrders } from '@/lib/orders/expiry';
import { expireOrdersJob } from '@/lib/jobs/definitions/expire-orders';
import { featuredInCategory } from '@/lib/orders/featured';
import { cancelOrder } from '@/lib/orders/cancel';
import { deliverUndelivered, fulfilOrder, processPaymentEvent, startPayment } from '@/lib/orders/payment';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing, makePromo, uniqueCode, weekAhead } from './helpers';

const { db } = await useTestDatabase();

async function buyer() {
  const { user } = await createAccount(db);
  return { user, ctx: await contextFor(db, user) };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('t');

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('paying in test mode', () => {
  it('pays once, fulfils each line once, schedules the launch and mails one receipt', async () => {
    vi.stubEnv('SELLER_NAME', 'Directory Ops GmbH');
    vi.stubEnv('SELLER_ADDRESS', 'Hauptstraße 1 | 10115 Berlin');
    vi.stubEnv('SELLER_VAT_ID', 'DE123456789');
    const { user, ctx } = await buyer();
    const listing = await makeListing(db, user.id, {
      status: 'awaiting_badge',
      plan: 'free',
      launchWeek: weekAhead(5),
    });
    const week = weekAhead(1);
    const order = await createCheckout(ctx, {
      items: [
        { product: 'launch', listing_id: listing.id, launch_week: week },
        { product: 'featured_week', listing_id: listing.id, weeks: [week], categories: ['ai'] },
      ],
      billing_country: 'FR',
      vat_number: 'FR40303265045',
    });
    expect(order.vat).toMatchObject({ reverse_charge: true, rate_bp: 0, amount_cents: 0 });
    const paid = await startPayment(db, {
      number: order.number,
      method: 'paypal',
      now: ctx.now,
      baseUrl: ctx.baseUrl,
      token: tokenOf(order.checkout_url),
    });
    expect(paid).toEqual({ outcome: 'paid' });
    const [row] = await db.select().from(orders).where(eq(orders.number, order.number));
    expect(row).toMatchObject({ status: 'paid', provider: 'test', paymentMethod: 'paypal' });
    const [l] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l).toMatchObject({ plan: 'paid', status: 'scheduled', launchWeek: week });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id));
    expect(lines.every((x) => x.fulfilledAt)).toBe(true);
    expect(lines[0].fulfilment).toMatchObject({ delivered: true, released_free_week: weekAhead(5) });
    expect(await db.select().from(featuredPlacements).where(eq(featuredPlacements.listingId, listing.id))).toHaveLength(
      1,
    );

    // The same event again, another event for the same payment, and fulfilment run again: nothing changes.
    const stamp = lines.map((x) => x.fulfilledAt!.getTime());
    const evt = (await db.select().from(paymentEvents).where(eq(paymentEvents.orderNumber, order.number)))[0];
    const again = {
      provider: 'test' as const,
      type: 'checkout.session.completed',
      ref: row.providerRef!,
      payload: {},
      now: new Date(),
    };
    const facts = async () => ({
      orderNumber: order.number,
      state: 'paid' as const,
      amountCents: row.totalCents,
      paymentRef: row.providerRef,
    });
    expect(await processPaymentEvent(db, { ...again, eventId: evt.eventId, facts })).toBe('duplicate');
    expect(await processPaymentEvent(db, { ...again, eventId: 'evt_other', facts })).toBe('already_paid');
    await fulfilOrder(db, order.number, new Date());
    const after = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id));
    expect(after.map((x) => x.fulfilledAt!.getTime())).toEqual(stamp);
    const receipts = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Receipt for order ${order.number}`));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text.match(/Reverse charge/g)).toHaveLength(1); // the legal mention once
    expect(receipts[0].text).toContain('FR40303265045');
    // The receipt names its seller, as an invoice must.
    // Countries by name, as the receipt page says them ("established in DE", "VAT 0 % (FR)" before).
    expect(receipts[0].text).toContain('Seller: Directory Ops GmbH, established in Germany, VAT DE123456789.');
    expect(receipts[0].text).toContain('VAT 0 % (France)');
    expect(receipts[0].text).toContain('Country: France');
    expect(receipts[0].text).toContain('Hauptstraße 1, 10115 Berlin');
    await expect(
      startPayment(db, { number: order.number, method: 'card', now: new Date(), baseUrl: '', token: null }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('makes a listing live at once when no week was chosen, and unlocks milestones', async () => {
    const { user, ctx } = await buyer();
    const a = await makeListing(db, user.id);
    const b = await makeListing(db, user.id, { status: 'live', plan: 'free' });
    const order = await createCheckout(ctx, {
      items: [
        { product: 'launch', listing_id: a.id },
        { product: 'unlock_milestones', listing_id: b.id },
      ],
      billing_country: 'US',
    });
    await startPayment(db, { number: order.number, method: 'card', now: ctx.now, baseUrl: '', token: null });
    const [la] = await db.select().from(listings).where(eq(listings.id, a.id));
    const [lb] = await db.select().from(listings).where(eq(listings.id, b.id));
    expect(la).toMatchObject({ status: 'live', plan: 'paid' });
    expect(la.launchedAt).not.toBeNull();
    expect(lb.unlockedSections).toEqual(['milestones']);
  });

  it('pins a live listing at the top of the chosen categories for the chosen weeks only', async () => {
    const { user, ctx } = await buyer();
    const listing = await makeListing(db, user.id, { status: 'live', plan: 'free' });
    const order = await createCheckout(ctx, {
      items: [
        {
          product: 'featured_week',
          listing_id: listing.id,
          weeks: [weekAhead(1), weekAhead(3)],
          categories: ['Design', 'ai'], // a name or a slug
        },
      ],
      billing_country: 'US',
    });
    expect(order.total_cents).toBe(4 * 9900);
    // The receipt names the categories as the site shows them; the line keeps their slugs.
    expect(order.lines[0].description).toMatch(/categories: Design, AI$/);
    expect(order.lines[0].options.categories).toEqual(['design', 'ai']);
    await startPayment(db, { number: order.number, method: 'crypto', now: ctx.now, baseUrl: '', token: null });
    const ids = async (slug: string, week: string) => (await featuredInCategory(db, slug, week)).map((l) => l.id);
    expect(await ids('design', weekAhead(1))).toContain(listing.id);
    expect(await ids('ai', weekAhead(3))).toContain(listing.id);
    expect(await ids('ai', weekAhead(2))).not.toContain(listing.id);
    expect(await ids('finance', weekAhead(1))).not.toContain(listing.id);
  });

  it('asks for the billing country before paying, and refuses a cancelled order', async () => {
    const { user, ctx } = await buyer();
    const listing = await makeListing(db, user.id);
    const order = await createCheckout(ctx, { items: [{ product: 'unlock_milestones', listing_id: listing.id }] });
    expect(order.vat.reason).toBe('no_country');
    await expect(
      startPayment(db, { number: order.number, method: 'card', now: ctx.now, baseUrl: '', token: null }),
    ).rejects.toMatchObject({
      errors: [{ path: 'billing_country' }],
    });
    await cancelOrder(db, order.number, ctx.now);
    await expect(
      startPayment(db, { number: order.number, method: 'card', now: ctx.now, baseUrl: '', token: null }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('failures between payment and delivery', () => {
  it('does not record an event it could not process, so the provider’s retry is processed', async () => {
    const { user, ctx } = await buyer();
    const listing = await makeListing(db, user.id);
    const order = await createCheckout(ctx, {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'US',
    });
    const base = {
      provider: 'test' as const,
      eventId: `evt_retry_${order.number}`,
      type: 'checkout.session.completed',
      ref: 'x',
      payload: {},
      now: new Date(),
    };
    await expect(
      processPaymentEvent(db, { ...base, facts: async () => Promise.reject(new Error('provider down')) }),
    ).rejects.toThrow('provider down');
    const paid = async () => ({
      orderNumber: order.number,
      state: 'paid' as const,
      amountCents: order.total_cents,
      paymentRef: 'pay_1',
    });
    expect(await processPaymentEvent(db, { ...base, facts: paid })).toBe('paid');
    expect(await processPaymentEvent(db, { ...base, facts: paid })).toBe('duplicate');
  });

  it('delivers a paid order whose delivery a crash interrupted, once', async () => {
    const { user, ctx } = await buyer();
    const listing = await makeListing(db, user.id);
    const order = await createCheckout(ctx, {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'US',
    });
    await startPayment(db, { number: order.number, method: 'card', now: ctx.now, baseUrl: '', token: null });
    const [row] = await db.select().from(orders).where(eq(orders.number, order.number));
    // As if the process died after marking the order paid.
    await db.update(orderLines).set({ fulfilledAt: null, fulfilment: null }).where(eq(orderLines.orderId, row.id));
    await db.update(listings).set({ unlockedSections: [] }).where(eq(listings.id, listing.id));
    expect(await deliverUndelivered(db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await deliverUndelivered(db, new Date())).toBe(0);
    const [l] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l.unlockedSections).toEqual(['milestones']);
  });
});

describe('a one-use promo code raced by 20 payments', () => {
  it('discounts exactly one paid order; the others are re-priced at full price and told why', async () => {
    const code = uniqueCode('ONCE');
    await makePromo(db, { code, kind: 'percent', value: 5000, maxRedemptions: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    // 20 checkouts at once: each puts the code in its cart (nothing is held before payment).
    const checkouts = await Promise.all(
      buyers.map(async (b) => {
        const listing = await makeListing(db, b.user.id);
        return createCheckout(b.ctx, {
          items: [{ product: 'unlock_milestones', listing_id: listing.id }],
          billing_country: 'US',
          promo_code: code,
        });
      }),
    );
    expect(checkouts.every((o) => o.discount_cents === 950)).toBe(true);
    const now = new Date();
    const results = await Promise.all(
      checkouts.map((o) => startPayment(db, { number: o.number, method: 'card', now, baseUrl: '', token: null })),
    );
    expect(results.filter((r) => r.outcome === 'paid')).toHaveLength(1);
    const refused = results.filter((r) => r.outcome === 'repriced');
    expect(refused).toHaveLength(19);
    expect(refused.every((r) => r.outcome === 'repriced' && r.reason === 'exhausted')).toBe(true);
    const rows = await Promise.all(
      checkouts.map(async (o) => (await db.select().from(orders).where(eq(orders.number, o.number)))[0]),
    );
    const discountedPaid = rows.filter((r) => r.status === 'paid' && r.discountCents > 0);
    expect(discountedPaid).toHaveLength(1);
    const repriced = rows.filter((r) => r.status === 'pending');
    expect(
      repriced.every((r) => r.discountCents === 0 && r.totalCents === 1900 && r.promoDropped === 'exhausted'),
    ).toBe(true);
    // They may pay the full price.
    const second = await startPayment(db, {
      number: repriced[0].number,
      method: 'card',
      now,
      baseUrl: '',
      token: null,
    });
    expect(second).toEqual({ outcome: 'paid' });
    const redemptions = await db.select().from(promoRedemptions).where(eq(promoRedemptions.status, 'redeemed'));
    expect(redemptions.filter((r) => r.orderId === discountedPaid[0].id)).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('runs as the 10-minute job on the job seam', async () => {
    const step = { run: <T>(_id: string, fn: () => Promise<T>) => fn() };
    expect(expireOrdersJob.cron).toBe('TZ=UTC */10 * * * *');
    expect(await expireOrdersJob.run(step)).toMatchObject({
      expired: expect.any(Number),
      delivered: expect.any(Number),
    });
  });

  it('expires pending orders after 24 h, freeing the weeks they held and their promo holds', async () => {
    const { user, ctx } = await buyer();
    const listing = await makeListing(db, user.id);
    const week = weekAhead(4);
    const order = await createCheckout(ctx, {
      items: [{ product: 'launch', listing_id: listing.id, launch_week: week }],
      billing_country: 'DE',
    });
    const later = new Date(ctx.now.getTime() + 24 * 3_600_000 + 1000);
    expect(await expireOrders(db, new Date(ctx.now.getTime() + 3_600_000))).toBe(0);
    expect(await expireOrders(db, later)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(orders).where(eq(orders.number, order.number));
    expect(row.status).toBe('expired');
    await expect(
      startPayment(db, { number: order.number, method: 'card', now: later, baseUrl: '', token: null }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const q = await quoteOrder(await contextFor(db, user, later), {
      items: [{ product: 'launch', listing_id: listing.id, launch_week: week }],
    });
    expect(q.lines).toHaveLength(1);
  });
});
