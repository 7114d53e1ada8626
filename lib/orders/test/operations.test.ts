// The four order operations over REST and MCP: quote, checkout (Idempotency-Key), list, get; and
// another account's listing or order is not found on both faces.
import { describe, expect, it } from 'vitest';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { accountsOn, caller, makeListing, weekAhead } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();
const account = accountsOn(db, app.url);

describe('quote_order', () => {
  it('prices a paid launch at the current price with the VAT of the billing country; nothing saved', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id);
    const res = await me.call('POST', '/orders/quote', {
      items: [{ product: 'launch', listing_id: listing.id, launch_week: weekAhead(1) }],
      billing_country: 'FR',
    });
    expect(res.status).toBe(200);
    expect(res.body.lines).toHaveLength(1);
    expect(res.body.lines[0]).toMatchObject({ product: 'launch', quantity: 1, unit_cents: 4900, amount_cents: 4900 });
    expect(res.body.vat).toMatchObject({ country: 'FR', rate_bp: 2000, amount_cents: 980, reason: 'eu_consumer' });
    expect(res.body.total_cents).toBe(5880);
    const list = await me.call('GET', '/orders');
    expect(list.body.total).toBe(0);
  });

  it('prices featured weeks as weeks × categories', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'paid' });
    const res = await me.call('POST', '/orders/quote', {
      items: [
        {
          product: 'featured_week',
          listing_id: listing.id,
          weeks: [weekAhead(1), weekAhead(2)],
          categories: ['ai', 'design', 'finance'],
        },
      ],
      billing_country: 'US',
    });
    expect(res.status).toBe(200);
    expect(res.body.lines[0]).toMatchObject({ quantity: 6, unit_cents: 9900, amount_cents: 59400 });
    expect(res.body.vat).toMatchObject({ rate_bp: 0, reason: 'outside_eu' });
  });

  it('names a bad option before saying the listing cannot have the product (422 before 409)', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id); // a draft: the billboard wants a live listing
    const item = { product: 'billboard', listing_id: listing.id, week: weekAhead(1) };
    for (const bid of [-5, 19900.5]) {
      const res = await me.call('POST', '/orders/quote', { items: [{ ...item, bid_cents: bid }] });
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['items.0.bid_cents']);
    }
    const valid = await me.call('POST', '/orders/quote', { items: [{ ...item, bid_cents: 25000 }] });
    expect(valid.status).toBe(409);
    expect(valid.body).toMatchObject({ code: 'listing_state', errors: [{ path: 'items.0.listing_id' }] });
  });

  it('is the same over MCP', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id);
    const r = await me.mcp.call('quote_order', {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'DE',
    });
    expect(r.ok).toBe(true);
    expect(r.body).toMatchObject({
      subtotal_cents: 1900,
      vat: { rate_bp: 1900, reason: 'seller_country' },
      total_cents: 2261,
    });
  });

  it('needs orders:write (403) and a credential (401)', async () => {
    const reader = await createAccount(db, { scopes: ['account:read'] });
    const body = { items: [{ product: 'unlock_milestones', listing_id: 1 }] };
    expect((await caller(app.url, reader.auth)('POST', '/orders/quote', body)).status).toBe(403);
    expect((await caller(app.url, {})('POST', '/orders/quote', body)).status).toBe(401);
  });
});

describe('create_checkout, get_order, list_my_orders', () => {
  it('saves a pending order with a checkout link on the site; the same Idempotency-Key gives the same order', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id);
    const body = {
      items: [{ product: 'launch', listing_id: listing.id, launch_week: weekAhead(2) }],
      billing_country: 'HU',
    };
    const first = await me.call('POST', '/orders/checkout', body, { 'idempotency-key': 'k-1' });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('pending');
    expect(first.body.number).toMatch(/^PD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(first.body.checkout_url).toMatch(new RegExp(`^${app.url}/checkout/${first.body.number}\\?t=[\\w-]{43}$`));
    expect(first.body.vat).toMatchObject({ country: 'HU', rate_bp: 2700, amount_cents: 1323 });
    expect(Date.parse(first.body.expires_at) - Date.parse(first.body.created_at)).toBe(24 * 3_600_000);
    const again = await me.call('POST', '/orders/checkout', body, { 'idempotency-key': 'k-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.number).toBe(first.body.number);
    expect(again.body.checkout_url).toBe(first.body.checkout_url);

    const got = await me.call('GET', `/orders/${first.body.number}`);
    expect(got.status).toBe(200);
    expect(got.body.lines[0]).toMatchObject({ product: 'launch', fulfilled: false, fulfilled_at: null });
    const list = await me.call('GET', '/orders?per_page=5');
    expect(list.body).toMatchObject({ total: 1, page: 1, per_page: 5, has_more: false });
    expect(list.body.items[0].number).toBe(first.body.number);
    const viaMcp = await me.mcp.call('get_order', { number: first.body.number });
    expect(viaMcp.body.number).toBe(first.body.number);
    // Typed from a receipt in lower case, the number still finds the order.
    expect((await me.call('GET', `/orders/${first.body.number.toLowerCase()}`)).body.number).toBe(first.body.number);
    const listMcp = await me.mcp.call('list_my_orders', {});
    expect(listMcp.body.total).toBe(1);
  });

  it("answers another account's order and listing with 404 on both faces", async () => {
    const owner = await account();
    const other = await account();
    const listing = await makeListing(db, owner.user.id);
    const order = await owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'US',
    });
    expect(order.status).toBe(201);
    const item = { items: [{ product: 'unlock_milestones', listing_id: listing.id }] };
    expect((await other.call('GET', `/orders/${order.body.number}`)).status).toBe(404);
    expect((await other.call('GET', '/orders/PD-0000-0000')).status).toBe(404);
    expect((await other.call('POST', '/orders/quote', item)).status).toBe(404);
    expect((await other.call('POST', '/orders/checkout', item)).status).toBe(404);
    expect((await other.call('GET', '/orders')).body.total).toBe(0);
    for (const [name, args] of [
      ['get_order', { number: order.body.number }],
      ['quote_order', item],
      ['create_checkout', item],
    ] as const) {
      const r = await other.mcp.call(name, args);
      expect(r.ok, name).toBe(false);
      expect(r.body, name).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect((await other.mcp.call('list_my_orders', {})).body.total).toBe(0);
  });

  it('refuses a launch for a live or paid listing with 409', async () => {
    const me = await account();
    const live = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const paid = await makeListing(db, me.user.id, { status: 'scheduled', plan: 'paid', launchWeek: weekAhead(3) });
    for (const l of [live, paid]) {
      const res = await me.call('POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: l.id }] });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('listing_state');
      expect(res.body.errors[0].path).toBe('items.0.listing_id');
    }
  });
});
