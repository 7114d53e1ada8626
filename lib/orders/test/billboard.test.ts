// The billboard: bids at or above the product's price, each an order of its own; when the week
// starts the highest paid bid is fixed as the winner and shown on the home page, the other bids are
// refunded through the provider; running it again changes nothing; a bid paid after the start loses.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, listings, orderLines, orders, paymentEvents, users } from '@/db/schema';
import { billboardFor, settleBillboards } from '@/lib/orders/billboard';
import { billboardStanding, highestBids } from '@/lib/orders/billboard-standing';
import { createCheckout, quoteOrder } from '@/lib/orders/checkout';
import { startPayment } from '@/lib/orders/payment';
import { loadOrderView } from '@/lib/orders/view';
import { weekStart } from '@/lib/time/iso-week';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing, weekAhead } from './helpers';

const { db } = await useTestDatabase();

async function bid(week: string, cents: number, opts: { pay?: boolean } = {}) {
  const { user } = await createAccount(db);
  const ctx = await contextFor(db, user);
  const listing = await makeListing(db, user.id, { status: 'live', plan: 'free' });
  const order = await createCheckout(ctx, {
    items: [{ product: 'billboard', listing_id: listing.id, week, bid_cents: cents }],
    billing_country: 'US',
  });
  if (opts.pay !== false)
    await startPayment(db, { number: order.number, method: 'card', now: new Date(), baseUrl: '', token: null });
  return { order, listing, ctx };
}

const lineOf = async (number: string) => {
  const [o] = await db.select().from(orders).where(eq(orders.number, number));
  const [l] = await db.select().from(orderLines).where(eq(orderLines.orderId, o.id));
  return { order: o, line: l };
};

describe('billboard', () => {
  it('refuses a bid under the current price, a bid mixed with other items, and a listing not live', async () => {
    const { user } = await createAccount(db);
    const ctx = await contextFor(db, user);
    const live = await makeListing(db, user.id, { status: 'live', plan: 'free' });
    const draft = await makeListing(db, user.id);
    const week = weekAhead(2);
    await expect(
      quoteOrder(ctx, { items: [{ product: 'billboard', listing_id: live.id, week, bid_cents: 19_899 }] }),
    ).rejects.toMatchObject({
      errors: [{ path: 'items.0.bid_cents' }],
    });
    await expect(
      quoteOrder(ctx, {
        items: [
          { product: 'billboard', listing_id: live.id, week, bid_cents: 20_000 },
          { product: 'unlock_milestones', listing_id: live.id },
        ],
      }),
    ).rejects.toMatchObject({ errors: [{ path: 'items.0.product' }] });
    await expect(
      quoteOrder(ctx, { items: [{ product: 'billboard', listing_id: draft.id, week, bid_cents: 20_000 }] }),
    ).rejects.toMatchObject({
      status: 409,
    });
    const q = await quoteOrder(ctx, {
      items: [{ product: 'billboard', listing_id: live.id, week, bid_cents: 25_000 }],
    });
    expect(q.lines[0]).toMatchObject({ unit_cents: 25_000, amount_cents: 25_000 });
    expect(q.lines[0].description).toContain('bid: $250.00');
  });

  it('fixes the highest paid bid when the week starts, refunds the others once, and shows the winner', async () => {
    const week = weekAhead(1);
    const low = await bid(week, 20_000);
    const high = await bid(week, 31_000);
    const unpaid = await bid(week, 90_000, { pay: false });
    expect((await lineOf(high.order.number)).line).toMatchObject({ fulfilledAt: null, fulfilment: { pending: true } });
    expect((await billboardFor(db, week))?.id).toBe(high.listing.id);

    // The founder who led until the higher bid was paid is told, once.
    const [lowOwner] = await db.select().from(users).where(eq(users.id, low.ctx.principal.userId));
    const outbid = (await db.select().from(emailOutbox).where(eq(emailOutbox.to, lowOwner.email!))).filter((m) =>
      m.subject.startsWith('You were outbid'),
    );
    expect(outbid).toHaveLength(1);
    expect(outbid[0].text).toContain('Another founder bid $310.00');
    // Each bidder sees where their bid stands; the unpaid bid counts for nobody yet.
    expect(await billboardStanding(db, low.listing.id, week)).toEqual([
      { week, order: low.order.number, bidCents: 20_000, state: 'outbid', highestCents: 31_000 },
    ]);
    expect(await billboardStanding(db, high.listing.id, week)).toMatchObject([{ state: 'leading' }]);
    expect(await billboardStanding(db, unpaid.listing.id, week)).toEqual([]);
    expect(await highestBids(db, [week, weekAhead(5)])).toEqual(new Map([[week, 31_000]]));

    const before = new Date(weekStart(week)!.getTime() - 60_000);
    expect(await settleBillboards(db, before)).toEqual({ won: 0, refunded: 0 });
    const start = new Date(weekStart(week)!.getTime() + 60_000);
    expect(await settleBillboards(db, start)).toEqual({ won: 1, refunded: 1 });
    expect(await settleBillboards(db, start)).toEqual({ won: 0, refunded: 0 });

    const w = await lineOf(high.order.number);
    expect(w.order.status).toBe('paid');
    expect(w.line.fulfilledAt).not.toBeNull();
    expect(w.line.fulfilment).toMatchObject({ won: true });
    const l = await lineOf(low.order.number);
    expect(l.order.status).toBe('refunded');
    expect(l.line).toMatchObject({ fulfilledAt: null, refundedCents: 20_000, fulfilment: { outbid: true } });
    expect(
      await db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, `refund:${low.order.number}`)),
    ).toHaveLength(1);
    expect((await lineOf(unpaid.order.number)).order.status).toBe('pending');
    expect((await billboardFor(db, week))?.id).toBe(high.listing.id);

    // The outbid founder is told, once, how much came back and why; the order says it too.
    const [loser] = await db.select().from(users).where(eq(users.id, low.ctx.principal.userId));
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, loser.email!));
    const refundMails = mails.filter((m) => m.subject === `Refund for order ${low.order.number}`);
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0].text).toContain('$200.00 (USD), the whole amount paid');
    expect(refundMails[0].text).toContain(`Another founder bid more for the home page billboard of ${week}`);
    const view = await loadOrderView(db, loser.id, low.order.number);
    expect(view).toMatchObject({ status: 'refunded', refunded_cents: view.total_cents });
    expect(view.refunded_at).not.toBeNull();
    expect(await billboardStanding(db, low.listing.id, week)).toMatchObject([{ state: 'refunded' }]);
    expect(await billboardStanding(db, high.listing.id, week)).toMatchObject([{ state: 'won', highestCents: 31_000 }]);
    const winnerView = await loadOrderView(db, high.ctx.principal.userId, high.order.number);
    expect(winnerView).toMatchObject({ refunded_at: null, refunded_cents: 0 });

    // A higher bid paid after the winner was fixed loses and is refunded.
    await startPayment(db, { number: unpaid.order.number, method: 'card', now: new Date(), baseUrl: '', token: null });
    expect(await settleBillboards(db, start)).toEqual({ won: 0, refunded: 1 });
    expect((await lineOf(unpaid.order.number)).order.status).toBe('refunded');
    expect((await billboardFor(db, week))?.id).toBe(high.listing.id);
  });

  it('refuses a bid that does not beat the highest, and a listing taken off the site does not lead', async () => {
    const week = weekAhead(3);
    const first = await bid(week, 30_000);
    const { user } = await createAccount(db);
    const ctx = await contextFor(db, user);
    const listing = await makeListing(db, user.id, { status: 'live', plan: 'free' });
    const tie = { items: [{ product: 'billboard', listing_id: listing.id, week, bid_cents: 30_000 }] };
    await expect(quoteOrder(ctx, tie)).rejects.toMatchObject({
      errors: [{ path: 'items.0.bid_cents', message: expect.stringContaining('The highest bid for') }],
    });
    // The leader's listing is rejected: its bid cannot be shown, so a lower one leads and wins.
    const second = await bid(week, 25_000).catch(() => null);
    expect(second).toBeNull(); // still refused while the leader is live
    await db.update(listings).set({ status: 'rejected' }).where(eq(listings.id, first.listing.id));
    const lower = await bid(week, 25_000);
    expect(await billboardStanding(db, lower.listing.id, week)).toMatchObject([
      { state: 'leading', highestCents: 25_000 },
    ]);
    expect(await billboardStanding(db, first.listing.id, week)).toMatchObject([{ state: 'outbid' }]);
    const start = new Date(weekStart(week)!.getTime() + 60_000);
    await settleBillboards(db, start);
    expect((await lineOf(lower.order.number)).line.fulfilment).toMatchObject({ won: true });
    expect((await lineOf(first.order.number)).order.status).toBe('refunded');
  });
});
