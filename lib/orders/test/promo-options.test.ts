// Promo codes (each refusal reason, the discount before VAT, 429 after too many wrong tries) and the
// option checks (each refusal a 422 naming items.<i>.<option>), over REST as a client sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '@/db/schema';
import { createCheckout } from '@/lib/orders/checkout';
import { startPayment } from '@/lib/orders/payment';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { caller, contextFor, makeListing, makePromo, uniqueCode, weekAhead } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();
const DAY = 86_400_000;

beforeAll(() => {
  process.env.PROMO_WRONG_TRIES = '5';
  process.env.TRUST_PROXY = '1'; // each account below comes from its own client IP (X-Forwarded-For)
});
afterAll(() => {
  delete process.env.PROMO_WRONG_TRIES;
  delete process.env.TRUST_PROXY;
});

let ips = 0;
async function account(ip = `203.0.113.${++ips}`) {
  const a = await createAccount(db);
  return {
    ...a,
    ip,
    call: caller(app.url, { ...a.auth, 'x-forwarded-for': ip }),
    listing: await makeListing(db, a.user.id),
  };
}

describe('promo codes', () => {
  it('takes the discount off before VAT, matching the code exactly as typed', async () => {
    const me = await account();
    const code = uniqueCode('Save');
    await makePromo(db, { code, kind: 'percent', value: 2000 });
    const item = { product: 'unlock_milestones', listing_id: me.listing.id };
    const res = await me.call('POST', '/orders/quote', { items: [item], billing_country: 'FR', promo_code: code });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subtotal_cents: 1900,
      discount_cents: 380,
      net_cents: 1520,
      promo: { code, discount_cents: 380 },
    });
    expect(res.body.vat.amount_cents).toBe(304);
    expect(res.body.total_cents).toBe(1824);
    const lower = await me.call('POST', '/orders/quote', { items: [item], promo_code: code.toLowerCase() });
    expect(lower.status).toBe(422);
    expect(lower.body).toMatchObject({
      code: 'promo_code_invalid',
      reason: 'not_found',
      errors: [{ path: 'promo_code' }],
    });
  });

  it('refuses with each reason, on quote and on checkout (nothing built)', async () => {
    const me = await account();
    const now = Date.now();
    const codes = {
      expired: await makePromo(db, { code: uniqueCode('OLD'), endsAt: new Date(now - DAY) }),
      not_started: await makePromo(db, { code: uniqueCode('SOON'), startsAt: new Date(now + DAY) }),
      not_applicable: await makePromo(db, { code: uniqueCode('FEAT'), productKeys: ['featured_week'] }),
      exhausted: await makePromo(db, { code: uniqueCode('GONE'), maxRedemptions: 1 }),
      already_used: await makePromo(db, { code: uniqueCode('MINE'), oncePerAccount: true }),
    };
    // Use up the one-use code (another buyer) and this account's once-per-account code.
    const other = await createAccount(db);
    const otherListing = await makeListing(db, other.user.id);
    for (const [code, buyer, listing] of [
      [codes.exhausted.code, other.user, otherListing],
      [codes.already_used.code, me.user, await makeListing(db, me.user.id)],
    ] as const) {
      const order = await createCheckout(await contextFor(db, buyer), {
        items: [{ product: 'unlock_milestones', listing_id: listing.id }],
        billing_country: 'US',
        promo_code: code,
      });
      expect(
        await startPayment(db, { number: order.number, method: 'card', now: new Date(), baseUrl: '', token: null }),
      ).toEqual({ outcome: 'paid' });
    }
    for (const [reason, promo] of Object.entries(codes)) {
      // One account (and IP) per reason, so the wrong tries stay under the limit.
      const who = reason === 'already_used' ? me : await account();
      const item = { product: 'unlock_milestones', listing_id: who.listing.id };
      for (const path of ['/orders/quote', '/orders/checkout']) {
        const res = await who.call('POST', path, { items: [item], promo_code: promo.code });
        expect(res.status, `${reason} ${path}`).toBe(422);
        expect(res.body, `${reason} ${path}`).toMatchObject({ code: 'promo_code_invalid', reason });
      }
    }
    // A code the site team switched off has ended: "no such code" misled a buyer who typed it right.
    const off = await makePromo(db, { code: uniqueCode('OFF'), active: false });
    const who = await account();
    const res = await who.call('POST', '/orders/quote', {
      items: [{ product: 'unlock_milestones', listing_id: who.listing.id }],
      promo_code: off.code,
    });
    expect(res.body).toMatchObject({ code: 'promo_code_invalid', reason: 'expired' });
    expect((await me.call('GET', '/orders')).body.total).toBe(1); // only the paid one above
  });

  it('answers 429 with Retry-After after too many wrong codes, per account and per IP', async () => {
    const me = await account();
    const item = { product: 'unlock_milestones', listing_id: me.listing.id };
    for (let i = 0; i < 5; i++) {
      const res = await me.call('POST', '/orders/quote', { items: [item], promo_code: `NOPE${i}` });
      expect(res.status).toBe(422);
    }
    const blocked = await me.call('POST', '/orders/quote', { items: [item], promo_code: 'NOPE-LAST' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // A real code is blocked too while the window lasts; a quote without a code is not.
    const good = uniqueCode('GOOD');
    await makePromo(db, { code: good });
    expect((await me.call('POST', '/orders/quote', { items: [item], promo_code: good })).status).toBe(429);
    expect((await me.call('POST', '/orders/quote', { items: [item] })).status).toBe(200);
    // Another account behind the same address is not locked out by this one (an office, a mobile network)…
    const other = await account(me.ip);
    const otherItem = { product: 'unlock_milestones', listing_id: other.listing.id };
    expect((await other.call('POST', '/orders/quote', { items: [otherItem], promo_code: good })).status).toBe(200);
    // …until the address itself has guessed five accounts' worth (5 counted so far): then everyone there waits.
    let guesser = other;
    for (let n = 5; n < 25; n++) {
      if (n % 4 === 1) guesser = await account(me.ip); // 4 wrong tries each: no account reaches its own 5
      const item = { product: 'unlock_milestones', listing_id: guesser.listing.id };
      const res = await guesser.call('POST', '/orders/quote', { items: [item], promo_code: `GUESS${n}` });
      expect(res.status).toBe(422);
    }
    const late = await account(me.ip);
    const res = await late.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock_milestones', listing_id: late.listing.id }],
      promo_code: good,
    });
    expect(res.status).toBe(429);
  });
});

describe('option checks', () => {
  // Each item gets the account's draft listing (d) and its live listing (l).
  type Ids = { d: number; l: number };
  const cases: [string, (ids: Ids) => Record<string, unknown>, number, string, RegExp][] = [
    ['unknown product', ({ d }) => ({ product: 'rocket', listing_id: d }), 422, 'items.0.product', /No product/],
    [
      'unknown option',
      ({ d }) => ({ product: 'launch', listing_id: d, colour: 'red' }),
      422,
      'items.0.colour',
      /no option "colour"/,
    ],
    [
      'an option named __proto__ (zod would drop it unseen)',
      ({ d }) => JSON.parse(`{"product":"launch","listing_id":${d},"__proto__":{"x":1}}`) as Record<string, unknown>,
      422,
      'items.0.__proto__',
      /__proto__/,
    ],
    ['missing listing', () => ({ product: 'launch' }), 422, 'items.0.listing_id', /listing_id/],
    [
      'not an ISO week',
      ({ d }) => ({ product: 'launch', listing_id: d, launch_week: '2026-13' }),
      422,
      'items.0.launch_week',
      /ISO week/,
    ],
    [
      'a week that started',
      ({ d }) => ({ product: 'launch', listing_id: d, launch_week: weekAhead(0) }),
      422,
      'items.0.launch_week',
      /already started/,
    ],
    [
      'a week past the horizon',
      ({ d }) => ({ product: 'launch', listing_id: d, launch_week: weekAhead(30) }),
      422,
      'items.0.launch_week',
      /too far ahead/,
    ],
    [
      'required option missing',
      ({ l }) => ({ product: 'featured_week', listing_id: l, weeks: [weekAhead(1)] }),
      422,
      'items.0.categories',
      /Required/,
    ],
    [
      'unknown category',
      ({ l }) => ({ product: 'featured_week', listing_id: l, weeks: [weekAhead(1)], categories: ['ai', 'nope'] }),
      422,
      'items.0.categories.1',
      /No category "nope"/,
    ],
    [
      'too many categories',
      ({ l }) => ({
        product: 'featured_week',
        listing_id: l,
        weeks: [weekAhead(1)],
        categories: ['ai', 'design', 'finance', 'media'],
      }),
      422,
      'items.0.categories',
      /at most 3/,
    ],
    [
      'a category twice, by slug and by name',
      ({ l }) => ({ product: 'featured_week', listing_id: l, weeks: [weekAhead(1)], categories: ['ai', 'AI'] }),
      422,
      'items.0.categories.1',
      /once/,
    ],
    [
      'a week twice',
      ({ l }) => ({ product: 'featured_week', listing_id: l, weeks: [weekAhead(1), weekAhead(1)], categories: ['ai'] }),
      422,
      'items.0.weeks.1',
      /once/,
    ],
    ['another account’s listing', () => ({ product: 'unlock_milestones', listing_id: 1 }), 404, '', /not found/],
  ];
  it.each(cases)('refuses %s', async (_label, item, status, path, message) => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const draft = await makeListing(db, me.user.id);
    const res = await me.call('POST', '/orders/quote', {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }, item({ d: draft.id, l: listing.id })],
    });
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(message);
    if (path) expect(res.body.errors[0].path).toBe(path.replace('items.0', 'items.1'));
  });

  it('refuses an empty list even where a product stored a minimum of 0 (an order of nothing at $0)', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const [featured] = await db.select().from(products).where(eq(products.key, 'featured_week'));
    const zero = featured.options.map((o) => (o.type.endsWith('_list') ? { ...o, min: 0 } : o));
    await db.update(products).set({ options: zero }).where(eq(products.id, featured.id));
    try {
      const res = await me.call('POST', '/orders/quote', {
        items: [{ product: 'featured_week', listing_id: listing.id, weeks: [], categories: ['ai'] }],
      });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toEqual({ path: 'items.0.weeks', message: 'Choose at least 1.' });
    } finally {
      await db.update(products).set({ options: featured.options }).where(eq(products.id, featured.id));
    }
  });

  it('names every option that needs a change at once (a form shows them together)', async () => {
    const me = await account();
    const listing = await makeListing(db, me.user.id, { status: 'live', plan: 'free' });
    const item = { product: 'featured_week', listing_id: listing.id, weeks: [], categories: ['ai', 'nope'] };
    const res = await me.call('POST', '/orders/quote', { items: [item] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { path: 'items.0.weeks', message: 'Choose at least 1.' },
      { path: 'items.0.categories.1', message: 'No category "nope" (see list_categories).' },
    ]);
    const one = await me.call('POST', '/orders/quote', { items: [{ ...item, weeks: [weekAhead(1)] }] });
    expect(one.body.detail).toBe('No category "nope" (see list_categories).');
    // Across items, unknown options and every entry of a list too.
    const many = await me.call('POST', '/orders/quote', {
      items: [
        {
          product: 'featured_week',
          listing_id: listing.id,
          weeks: ['2020-W01', weekAhead(1), 'garbage'],
          categories: ['ai'],
          colour: 'red',
        },
        { product: 'unlock_milestones', listing_id: listing.id, size: 'xl' },
      ],
    });
    expect(many.status).toBe(422);
    expect(many.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'items.0.colour',
      'items.0.weeks.0',
      'items.0.weeks.2',
      'items.1.size',
    ]);
  });

  it('holds a paid week’s capacity while orders are pending, and frees it when they expire', async () => {
    await db.update(products).set({ weekCapacity: 1 }).where(eq(products.key, 'launch'));
    try {
      const week = weekAhead(6);
      const a = await account();
      const b = await account();
      const first = await a.call('POST', '/orders/checkout', {
        items: [{ product: 'launch', listing_id: a.listing.id, launch_week: week }],
      });
      expect(first.status).toBe(201);
      const full = await b.call('POST', '/orders/quote', {
        items: [{ product: 'launch', listing_id: b.listing.id, launch_week: week }],
      });
      expect(full.status).toBe(422);
      expect(full.body.errors[0]).toMatchObject({
        path: 'items.0.launch_week',
        message: expect.stringContaining('is full'),
      });
      const { expireOrders } = await import('@/lib/orders/expiry');
      await expireOrders(db, new Date(Date.now() + 25 * 3_600_000));
      expect(
        (
          await b.call('POST', '/orders/quote', {
            items: [{ product: 'launch', listing_id: b.listing.id, launch_week: week }],
          })
        ).status,
      ).toBe(200);
    } finally {
      await db.update(products).set({ weekCapacity: 10 }).where(eq(products.key, 'launch'));
    }
  });

  it('reads a money minimum from the product’s current price', async () => {
    const [launch] = await db.select().from(products).where(eq(products.key, 'launch'));
    const { priceItems } = await import('@/lib/orders/options');
    const me = await account();
    const bid = {
      ...launch,
      key: 'launch',
      options: [{ name: 'bid_cents', type: 'integer_cents' as const, required: true, description: 'Bid' }],
    };
    await db.update(products).set({ options: bid.options, priceCents: 25_000 }).where(eq(products.id, launch.id));
    try {
      await expect(
        priceItems(db, {
          userId: me.user.id,
          siteId: me.listing.siteId,
          now: new Date(),
          items: [{ product: 'launch', listing_id: me.listing.id, bid_cents: 24_999 }],
        }),
      ).rejects.toMatchObject({
        errors: [{ path: 'items.0.bid_cents', message: expect.stringContaining('25000 cents') }],
      });
      const [line] = await priceItems(db, {
        userId: me.user.id,
        siteId: me.listing.siteId,
        now: new Date(),
        items: [{ product: 'launch', listing_id: me.listing.id, bid_cents: 30_000 }],
      });
      expect(line).toMatchObject({ unitCents: 30_000, amountCents: 30_000 });
    } finally {
      await db
        .update(products)
        .set({ options: launch.options, priceCents: launch.priceCents })
        .where(eq(products.id, launch.id));
    }
  });
});
