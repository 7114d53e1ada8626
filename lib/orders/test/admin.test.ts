// The site team's product and promo-code changes: every product change kept with who, when, before
// and after; prices read by the next quote; promo codes validated; orders found by number or email.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, productChanges, products, promoRedemptions } from '@/db/schema';
import {
  adminOrder,
  adminPromoCodes,
  createPromoCode,
  productHistory,
  searchOrders,
  updateProduct,
} from '@/lib/orders/admin';
import { createCheckout, quoteOrder } from '@/lib/orders/checkout';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing, makePromo, uniqueCode } from './helpers';

const { db } = await useTestDatabase();

describe('site team', () => {
  it('keeps every product change with who and when, and the next quote uses the new price', async () => {
    const { user: admin } = await createAccount(db, { role: 'admin' });
    const [p] = await db.select().from(products).where(eq(products.key, 'unlock_milestones'));
    const now = new Date();
    await updateProduct(db, admin.id, p.id, { priceCents: 2500, active: true, weekCapacity: null, limits: {} }, now);
    await updateProduct(db, admin.id, p.id, { priceCents: 2500, active: true, weekCapacity: null, limits: {} }, now); // no change, no row
    const changes = await db.select().from(productChanges).where(eq(productChanges.productId, p.id));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      actorId: admin.id,
      before: { price_cents: 1900 },
      after: { price_cents: 2500 },
    });
    expect((await productHistory(db))[0].actorEmail).toBe(admin.email);

    const { user } = await createAccount(db);
    const listing = await makeListing(db, user.id);
    const q = await quoteOrder(await contextFor(db, user), {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
    });
    expect(q.subtotal_cents).toBe(2500);

    const [featured] = await db.select().from(products).where(eq(products.key, 'featured_week'));
    await updateProduct(
      db,
      admin.id,
      featured.id,
      { priceCents: featured.priceCents, active: true, weekCapacity: null, limits: { categories: { max: 2 } } },
      now,
    );
    const [after] = await db.select().from(products).where(eq(products.id, featured.id));
    expect(after.options.find((o) => o.name === 'categories')?.max).toBe(2);
    await expect(
      updateProduct(db, admin.id, featured.id, { priceCents: -1, active: true, weekCapacity: null, limits: {} }, now),
    ).rejects.toMatchObject({ errors: [{ path: 'price_cents' }] });
    // 1–49 cents is below the smallest card payment; 0 (free) and 50 are prices.
    await expect(
      updateProduct(db, admin.id, featured.id, { priceCents: 49, active: true, weekCapacity: null, limits: {} }, now),
    ).rejects.toMatchObject({ errors: [{ path: 'price_cents', message: expect.stringContaining('0 (free)') }] });
    for (const priceCents of [0, 50])
      await updateProduct(db, admin.id, featured.id, { priceCents, active: true, weekCapacity: null, limits: {} }, now);
    await updateProduct(
      db,
      admin.id,
      featured.id,
      { priceCents: featured.priceCents, active: true, weekCapacity: null, limits: {} },
      now,
    );
    // A minimum above the stored maximum (the maximum left as it was) refused every buyer; a list's
    // minimum under 1 sold an order of nothing.
    const edit = (limits: Record<string, { min?: number; max?: number }>) =>
      updateProduct(db, admin.id, featured.id, { priceCents: 9900, active: true, weekCapacity: null, limits }, now);
    await expect(edit({ weeks: { min: 10 } })).rejects.toMatchObject({ errors: [{ path: 'weeks_min' }] });
    await expect(edit({ weeks: { min: 0 } })).rejects.toMatchObject({ errors: [{ path: 'weeks_min' }] });
    await expect(edit({ categories: { min: 0, max: 3 } })).rejects.toMatchObject({
      errors: [{ path: 'categories_min' }],
    });
    const [unchanged] = await db.select().from(products).where(eq(products.id, featured.id));
    expect(unchanged.options.find((o) => o.name === 'weeks')).toMatchObject({ min: 1 });
    // A capacity of 0 sold nothing while the product stayed for sale: refused, naming the way to stop sales.
    await expect(
      updateProduct(db, admin.id, featured.id, { priceCents: 9900, active: true, weekCapacity: 0, limits: {} }, now),
    ).rejects.toMatchObject({ errors: [{ path: 'week_capacity', message: expect.stringContaining('off sale') }] });
  });

  it('creates promo codes with checked values, and finds orders by number and buyer email', async () => {
    const { user: admin } = await createAccount(db, { role: 'admin' });
    const base = {
      kind: 'percent' as const,
      value: 1500,
      productKeys: [],
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      oncePerAccount: true,
    };
    const code = uniqueCode('TEAM');
    await createPromoCode(db, admin.id, { ...base, code });
    await expect(createPromoCode(db, admin.id, { ...base, code })).rejects.toMatchObject({
      errors: [{ path: 'code' }],
    });
    // Codes match exactly as typed (DESIGN); a second code differing only in case would be a trap for
    // buyers (LAUNCH20 and launch20 with two discounts): refused, naming the one there is.
    await expect(
      createPromoCode(db, admin.id, { ...base, code: code.toLowerCase(), value: 5000 }),
    ).rejects.toMatchObject({ errors: [{ path: 'code', message: expect.stringContaining(`(${code})`) }] });
    await expect(createPromoCode(db, admin.id, { ...base, code: uniqueCode(), value: 20_000 })).rejects.toMatchObject({
      errors: [{ path: 'value' }],
    });
    await expect(
      createPromoCode(db, admin.id, { ...base, code: uniqueCode(), productKeys: ['rocket'] }),
    ).rejects.toMatchObject({
      errors: [{ path: 'product_keys' }],
    });

    const { user } = await createAccount(db);
    const listing = await makeListing(db, user.id);
    const order = await createCheckout(await contextFor(db, user), {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      promo_code: code,
    });
    expect(order.discount_cents).toBeGreaterThan(0);
    expect((await searchOrders(db, { q: order.number })).map((r) => r.order.number)).toEqual([order.number]);
    expect(
      (await searchOrders(db, { q: user.email!.slice(0, 12), status: 'pending' })).map((r) => r.order.number),
    ).toContain(order.number);
    expect((await adminOrder(db, order.number))?.email).toBe(user.email);
  });
});

describe('promo codes on the site team page', () => {
  it('count their own redemptions, and a hold only while it lasts', async () => {
    const { user } = await createAccount(db);
    const ctx = await contextFor(db, user);
    const promo = await makePromo(db, { code: uniqueCode('HOLD') });
    const hold = async (heldUntil: Date) => {
      const listing = await makeListing(db, user.id);
      const order = await createCheckout(ctx, {
        items: [{ product: 'launch', listing_id: listing.id }],
        billing_country: 'US',
      });
      const [row] = await db.select().from(orders).where(eq(orders.number, order.number));
      await db
        .insert(promoRedemptions)
        .values({ promoCodeId: promo.id, orderId: row.id, status: 'held', discountCents: 100, heldUntil });
    };
    await hold(new Date(Date.now() + 60_000));
    await hold(new Date(Date.now() - 60_000)); // a payment abandoned: its hold ran out
    const listed = (await adminPromoCodes(db)).find((c) => c.promo.id === promo.id)!;
    expect(listed.held).toBe(1);
    expect(listed.redeemed).toBe(0);
  });
});
