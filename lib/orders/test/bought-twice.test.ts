// Nothing is sold twice: not in one order (422), not while another order for it waits for payment
// (409, naming it), not once the listing has it (409), and the Pay button asks again before anything
// is charged. Also: another site's listing is not bought for here, and ids or bids too large for the
// database are a 422, never a 500.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { featuredPlacements, listings, orders, paymentEvents, sites, categories } from '@/db/schema';
import { featuredHeld } from '@/lib/orders/bought-twice';
import { startPayment } from '@/lib/orders/payment';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { accountsOn, makeListing, weekAhead } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();
const account = accountsOn(db, app.url);

const pay = (number: string) =>
  startPayment(db, { number, method: 'card', now: new Date(), baseUrl: app.url, token: null });

describe('one order', () => {
  it('refuses a line that another line of the order already buys (422 naming it), on both faces', async () => {
    const me = await account();
    const free = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const draft = await makeListing(db, me.user.id);
    const cases = [
      {
        items: [
          { product: 'unlock_milestones', listing_id: free.id },
          { product: 'unlock_milestones', listing_id: free.id },
        ],
        path: 'items.1',
      },
      // A paid launch shows milestones: the section's line is refused, whichever comes first.
      {
        items: [
          { product: 'unlock_milestones', listing_id: draft.id },
          { product: 'launch', listing_id: draft.id },
        ],
        path: 'items.0',
      },
      {
        items: [
          { product: 'launch', listing_id: draft.id },
          { product: 'launch', listing_id: draft.id },
        ],
        path: 'items.1',
      },
      {
        items: [
          { product: 'featured_week', listing_id: free.id, weeks: [weekAhead(1), weekAhead(2)], categories: ['ai'] },
          { product: 'featured_week', listing_id: free.id, weeks: [weekAhead(2)], categories: ['design', 'ai'] },
        ],
        path: 'items.1',
      },
    ];
    for (const c of cases) {
      const rest = await me.call('POST', '/orders/quote', { items: c.items, billing_country: 'US' });
      expect(rest.status, JSON.stringify(c.items)).toBe(422);
      expect(rest.body.errors[0]).toMatchObject({
        path: c.path,
        message: expect.stringMatching(/^Item \d of this order \(items\.\d\) already buys/),
      });
      const mcp = await me.mcp.call('create_checkout', { items: c.items, billing_country: 'US' });
      expect(mcp.body).toMatchObject({ status: 422, errors: [{ path: c.path }] });
    }
    // Different weeks or categories for one listing, and the same product for two listings, are fine.
    const fine = await me.call('POST', '/orders/quote', {
      items: [
        { product: 'featured_week', listing_id: free.id, weeks: [weekAhead(1)], categories: ['ai'] },
        { product: 'featured_week', listing_id: free.id, weeks: [weekAhead(2)], categories: ['ai'] },
        { product: 'unlock_milestones', listing_id: free.id },
        { product: 'launch', listing_id: draft.id },
      ],
    });
    expect(fine.status).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.ownerId, me.user.id))).toHaveLength(0);
  });
});

describe('another order', () => {
  it('cancels a pending order for the milestones section once a paid launch (which shows it) is paid', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id);
    const section = await me.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'US',
    });
    expect(section.status).toBe(201);
    const launch = await me.call('POST', '/orders/checkout', {
      items: [{ product: 'launch', listing_id: listing.id }],
      billing_country: 'US',
    });
    expect(launch.status).toBe(201);
    await pay(launch.body.number);
    const got = await me.call('GET', `/orders/${section.body.number}`);
    expect(got.body.status).toBe('cancelled');
    const mcp = await me.mcp.call('get_order', { number: section.body.number });
    expect(mcp.body.status).toBe('cancelled');
    const paid = await me.call('GET', `/orders/${launch.body.number}`);
    expect(JSON.stringify(paid.body)).toContain(`${section.body.number} for it was cancelled`);

    // An order that also buys another listing's section still delivers that: it stays, its buyer decides.
    const [second, other] = [await makeListing(db, me.user.id), await makeListing(db, me.user.id)];
    const both = await me.call('POST', '/orders/checkout', {
      items: [
        { product: 'unlock_milestones', listing_id: second.id },
        { product: 'unlock_milestones', listing_id: other.id },
      ],
      billing_country: 'US',
    });
    expect(both.status).toBe(201);
    const secondLaunch = await me.call('POST', '/orders/checkout', {
      items: [{ product: 'launch', listing_id: second.id }],
      billing_country: 'US',
    });
    await pay(secondLaunch.body.number);
    expect((await me.call('GET', `/orders/${both.body.number}`)).body.status).toBe('pending');
  });

  it('refuses what a pending order holds (409 naming it) until that one is cancelled or expired', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const item = { items: [{ product: 'unlock_milestones', listing_id: listing.id }], billing_country: 'US' };
    const first = await me.call('POST', '/orders/checkout', item);
    expect(first.status).toBe(201);
    // Location names the order created: get_order reads it back.
    const location = first.headers.get('location');
    expect(location).toBe(`${app.url}/api/v1/orders/${first.body.number}`);
    expect((await me.call('GET', new URL(location!).pathname.replace('/api/v1', ''))).body.number).toBe(
      first.body.number,
    );
    for (const [method, path] of [
      ['POST', '/orders/checkout'],
      ['POST', '/orders/quote'],
    ] as const) {
      const again = await me.call(method, path, item);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'listing_state', errors: [{ path: 'items.0.listing_id' }] });
      expect(again.body.detail).toContain(first.body.number);
      // A time a person reads, and where the order is on the site.
      expect(again.body.detail).toMatch(/until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
      expect(again.body.detail).toContain(`/account/orders/${first.body.number}`);
    }
    const mcp = await me.mcp.call('create_checkout', item);
    expect(mcp.body).toMatchObject({ status: 409, code: 'listing_state' });
    // A pending launch holds the section too (a paid launch shows it).
    const draft = await makeListing(db, me.user.id);
    expect(
      (await me.call('POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: draft.id }] })).status,
    ).toBe(201);
    expect(
      (await me.call('POST', '/orders/quote', { items: [{ product: 'unlock_milestones', listing_id: draft.id }] }))
        .status,
    ).toBe(409);

    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.number, first.body.number));
    expect((await me.call('POST', '/orders/checkout', item)).status).toBe(201);
  });

  it('refuses what a paid order has not delivered yet (a crash between payment and delivery)', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const item = { items: [{ product: 'unlock_milestones', listing_id: listing.id }], billing_country: 'US' };
    const first = await me.call('POST', '/orders/checkout', item);
    await db.update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.number, first.body.number));
    const again = await me.call('POST', '/orders/quote', item);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain(`Order ${first.body.number} has paid for the milestones section`);
  });

  it('refuses a featured place the listing has already', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'paid' });
    const [ai] = await db.select().from(categories).where(eq(categories.slug, 'ai'));
    await db.insert(featuredPlacements).values({ listingId: listing.id, categoryId: ai.id, week: weekAhead(3) });
    const res = await me.call('POST', '/orders/quote', {
      items: [{ product: 'featured_week', listing_id: listing.id, weeks: [weekAhead(3)], categories: ['ai'] }],
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(`featured place in ai during ${weekAhead(3)}`);
  });

  it('lists the featured places a listing has and those its orders hold, for the Promote card', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'paid' });
    const [ai] = await db.select().from(categories).where(eq(categories.slug, 'ai'));
    await db.insert(featuredPlacements).values([
      { listingId: listing.id, categoryId: ai.id, week: weekAhead(2) },
      { listingId: listing.id, categoryId: ai.id, week: weekAhead(-1) }, // over: not listed
    ]);
    const order = await me.call('POST', '/orders/checkout', {
      items: [
        { product: 'featured_week', listing_id: listing.id, weeks: [weekAhead(1)], categories: ['design', 'ai'] },
      ],
    });
    expect(order.status).toBe(201);
    const cancelled = await me.call('POST', '/orders/checkout', {
      items: [{ product: 'featured_week', listing_id: listing.id, weeks: [weekAhead(4)], categories: ['ai'] }],
    });
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.number, cancelled.body.number));
    expect(await featuredHeld(db, listing.id, weekAhead(0), new Date())).toEqual([
      { week: weekAhead(1), category: 'AI', order: order.body.number },
      { week: weekAhead(1), category: 'Design', order: order.body.number },
      { week: weekAhead(2), category: 'AI', order: null },
    ]);
    // Another listing's places are not this one's.
    const other = await makeListing(db, me.user.id, { status: 'live', plan: 'paid' });
    expect(await featuredHeld(db, other.id, weekAhead(0), new Date())).toEqual([]);
  });

  it('asks again at the Pay button: what the listing got meanwhile is not charged for', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const order = await me.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'US',
    });
    expect(order.status).toBe(201);
    // The section is unlocked another way meanwhile (the site team, or an order made before this rule).
    await db
      .update(listings)
      .set({ unlockedSections: ['milestones'] })
      .where(eq(listings.id, listing.id));
    await expect(pay(order.body.number)).rejects.toMatchObject({
      code: 'listing_state',
      message: expect.stringContaining('can no longer be delivered'),
    });
    const [row] = await db.select().from(orders).where(eq(orders.number, order.body.number));
    expect(row.status).toBe('pending');
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.orderNumber, order.body.number))).toEqual([]);

    // A launch bought while the listing went live meanwhile: refused the same way.
    const draft = await makeListing(db, me.user.id);
    const launch = await me.call('POST', '/orders/checkout', {
      items: [{ product: 'launch', listing_id: draft.id }],
      billing_country: 'US',
    });
    await db.update(listings).set({ status: 'live', plan: 'free' }).where(eq(listings.id, draft.id));
    await expect(pay(launch.body.number)).rejects.toMatchObject({ code: 'listing_state' });
    // Still deliverable: paid.
    await db.update(listings).set({ status: 'draft', plan: 'none' }).where(eq(listings.id, draft.id));
    expect(await pay(launch.body.number)).toEqual({ outcome: 'paid' });
  });
});

describe('what is bought for, and how much', () => {
  it("refuses another site's listing (409) for an order and for the free plan, on both faces", async () => {
    const me = await account();
    const [other] = await db
      .insert(sites)
      .values({ key: `other-${me.user.id.slice(0, 8)}`, name: 'Other Shelf' })
      .returning();
    const listing = await makeListing(db, me.user.id);
    await db.update(listings).set({ siteId: other.id }).where(eq(listings.id, listing.id));
    const item = { items: [{ product: 'launch', listing_id: listing.id }] };
    const quoted = await me.call('POST', '/orders/quote', item);
    expect(quoted.status).toBe(409);
    expect(quoted.body.detail).toContain('another site');
    expect((await me.mcp.call('create_checkout', item)).body).toMatchObject({ status: 409, code: 'listing_state' });
    const free = await me.call('POST', `/me/listings/${listing.id}/free`);
    expect(free.status).toBe(409);
    expect(free.body.reason).toBe('other_site');
    expect((await me.mcp.call('choose_free_listing', { listing_id: listing.id })).body).toMatchObject({ status: 409 });
    const [after] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after).toMatchObject({ status: 'draft', plan: 'none' });
  });

  it('answers an id or a bid too large for the database with 422, never a 500', async () => {
    const me = await account();
    const live = await makeListing(db, me.user.id, { status: 'live', plan: 'paid' });
    const big = { items: [{ product: 'launch', listing_id: 2_147_483_648 }] };
    const rest = await me.call('POST', '/orders/quote', big);
    expect(rest.status).toBe(422);
    expect(rest.body.errors[0].path).toBe('items.0.listing_id');
    expect((await me.mcp.call('quote_order', big)).body).toMatchObject({ status: 422 });
    for (const bid of [99_999_999_999, 1e15]) {
      const res = await me.call('POST', '/orders/checkout', {
        items: [{ product: 'billboard', listing_id: live.id, week: weekAhead(2), bid_cents: bid }],
        billing_country: 'US',
      });
      expect(res.status, String(bid)).toBe(422);
      expect(res.body.errors[0]).toMatchObject({
        path: 'items.0.bid_cents',
        message: expect.stringContaining('At most'),
      });
    }
    const country = await me.call('POST', '/orders/quote', {
      items: [{ product: 'unlock_milestones', listing_id: live.id }],
      billing_country: 'XX',
    });
    expect(country.status).toBe(422);
    expect(country.body.errors[0].path).toBe('billing_country');
  });

  it('gives a pending order its checkout_url on get_order and list_my_orders; null once paid', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const order = await me.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'US',
    });
    const got = await me.call('GET', `/orders/${order.body.number}`);
    expect(got.body.checkout_url).toBe(`${app.url}/checkout/${order.body.number}`);
    expect((await me.mcp.call('list_my_orders', {})).body.items[0].checkout_url).toBe(got.body.checkout_url);
    await pay(order.body.number);
    expect((await me.call('GET', `/orders/${order.body.number}`)).body.checkout_url).toBeNull();
  });

  it('reads a pending order past its 24 h as expired on both faces, before the expiry job reaches it', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const order = await me.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'US',
    });
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.number, order.body.number));
    const rest = await me.call('GET', `/orders/${order.body.number}`);
    expect(rest.body).toMatchObject({ status: 'expired', checkout_url: null });
    const mcp = await me.mcp.call('list_my_orders', {});
    expect(mcp.body.items.find((o: { number: string }) => o.number === order.body.number)).toMatchObject({
      status: 'expired',
      checkout_url: null,
    });
    const [row] = await db.select().from(orders).where(eq(orders.number, order.body.number));
    expect(row.status).toBe('pending'); // the job has not run: the view alone says expired
  });
});
