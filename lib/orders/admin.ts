// The site team's side of selling (docs/decisions.md#site-team): prices, activity, option limits
// and weekly capacity of products (every change kept with who and when); promo codes and their
// redemptions; orders (search, payment, fulfilment per line).
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  orders,
  paymentEvents,
  productChanges,
  products,
  promoCodes,
  promoRedemptions,
  users,
  type OrderStatus,
  type ProductOption,
  type PromoKind,
} from '@/db/schema';
import { revalidatePublic, tags } from '@/lib/cache/tags';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { linesOf, orderView } from './view';
import { MIN_CHARGE_CENTS } from './quote';

export async function adminProducts(db: Db) {
  return db.select().from(products).orderBy(products.position, products.id);
}

export async function productHistory(db: Db, limit = 50) {
  return db
    .select({ change: productChanges, productKey: products.key, actorEmail: users.email })
    .from(productChanges)
    .innerJoin(products, eq(products.id, productChanges.productId))
    .leftJoin(users, eq(users.id, productChanges.actorId))
    .orderBy(desc(productChanges.createdAt), desc(productChanges.id))
    .limit(limit);
}

export type ProductEdit = {
  priceCents: number;
  active: boolean;
  weekCapacity: number | null;
  /** Option name → new min/max (list and number options). */
  limits: Record<string, { min?: number; max?: number }>;
};

/** Changes a product; only what differs is recorded (before/after, who, when). */
export async function updateProduct(db: Db, actorId: string, productId: number, edit: ProductEdit, now: Date) {
  // Between 1 and 49 cents no card payment can take it (the provider's minimum charge).
  const price = edit.priceCents;
  if (!Number.isSafeInteger(price) || (price > 0 && price < MIN_CHARGE_CENTS) || price < 0 || price > 100_000_000)
    throw fieldError(
      'price_cents',
      `A whole number of cents: 0 (free) or from ${MIN_CHARGE_CENTS} (the smallest card payment) to 100000000.`,
    );
  // 0 sold nothing while the product stayed "for sale": every week read full. Off sale is the way to stop sales.
  if (edit.weekCapacity !== null && (!Number.isSafeInteger(edit.weekCapacity) || edit.weekCapacity < 1))
    throw fieldError(
      'week_capacity',
      'A whole number of 1 or more, or empty for no limit (to stop selling, take the product off sale).',
    );
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
    if (!p) throw new AppError('not_found', 'Product not found.');
    const options: ProductOption[] = p.options.map((o) => {
      const l = edit.limits[o.name];
      if (!l) return o;
      for (const [k, v] of Object.entries(l))
        if (v !== undefined && (!Number.isSafeInteger(v) || v < 0))
          throw fieldError(`${o.name}_${k}`, 'A whole number.');
      const next = {
        ...o,
        ...(l.min !== undefined ? { min: l.min } : {}),
        ...(l.max !== undefined ? { max: l.max } : {}),
      };
      // A list buys one per entry: fewer than 1 sold an empty order.
      if (o.type.endsWith('_list') && next.min !== undefined && next.min < 1)
        throw fieldError(`${o.name}_min`, 'At least 1: an order buys one for each entry.');
      // Judged with the limit left as it was (a minimum raised above the stored maximum refused every buyer).
      if (next.min !== undefined && next.max !== undefined && next.min > next.max)
        throw fieldError(
          l.max !== undefined ? `${o.name}_max` : `${o.name}_min`,
          `The maximum must be at least the minimum (${next.min} > ${next.max}).`,
        );
      return next;
    });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const compare = (field: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        before[field] = a;
        after[field] = b;
      }
    };
    compare('price_cents', p.priceCents, edit.priceCents);
    compare('active', p.active, edit.active);
    compare('week_capacity', p.weekCapacity, edit.weekCapacity);
    compare('options', p.options, options);
    if (!Object.keys(after).length) return;
    await tx
      .update(products)
      .set({ priceCents: edit.priceCents, active: edit.active, weekCapacity: edit.weekCapacity, options })
      .where(eq(products.id, p.id));
    await tx.insert(productChanges).values({ productId: p.id, actorId, before, after, createdAt: now });
  });
  revalidatePublic(tags.catalog);
}

export async function adminPromoCodes(db: Db, now = new Date()) {
  return db
    .select({
      promo: promoCodes,
      // The code's id named with its table: drizzle writes a lone column bare, and inside the
      // subquery a bare "id" was the redemption's own (the counts were off: "1 redeemed of 2").
      redeemed:
        sql<number>`(select count(*) from ${promoRedemptions} r where r.promo_code_id = "promo_codes"."id" and r.status = 'redeemed')`.mapWith(
          Number,
        ),
      held: sql<number>`(select count(*) from ${promoRedemptions} r where r.promo_code_id = "promo_codes"."id" and r.status = 'held' and r.held_until > ${now.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
    })
    .from(promoCodes)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

export async function promoRedemptionsOf(db: Db, promoCodeId: number) {
  return db
    .select({ r: promoRedemptions, orderNumber: orders.number, email: users.email })
    .from(promoRedemptions)
    .innerJoin(orders, eq(orders.id, promoRedemptions.orderId))
    .leftJoin(users, eq(users.id, promoRedemptions.userId))
    .where(eq(promoRedemptions.promoCodeId, promoCodeId))
    .orderBy(desc(promoRedemptions.createdAt));
}

export type PromoInput = {
  code: string;
  kind: PromoKind;
  value: number;
  productKeys: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  oncePerAccount: boolean;
};

export async function createPromoCode(db: Db, actorId: string, input: PromoInput) {
  if (!/^[A-Za-z0-9_-]{3,64}$/.test(input.code)) throw fieldError('code', '3 to 64 letters, digits, - or _.');
  if (input.kind === 'percent' && (input.value < 1 || input.value > 10_000))
    throw fieldError('value', 'A percentage from 0.01 to 100.');
  if (input.kind === 'amount' && (!Number.isSafeInteger(input.value) || input.value < 1))
    throw fieldError('value', 'A whole number of cents, at least 1.');
  if (input.startsAt && input.endsAt && input.startsAt >= input.endsAt)
    throw fieldError('ends_at', 'The end must be after the start.');
  if (input.maxRedemptions !== null && (!Number.isSafeInteger(input.maxRedemptions) || input.maxRedemptions < 1))
    throw fieldError('max_redemptions', 'At least 1, or empty for no limit.');
  // Codes match exactly as typed, so two differing only in case would both work, with two discounts.
  const [same] = await db
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${input.code})`)
    .limit(1);
  if (same) throw fieldError('code', `A code that differs only in case exists already (${same.code}).`);
  const known = new Set((await db.select({ key: products.key }).from(products)).map((p) => p.key));
  const unknown = input.productKeys.find((k) => !known.has(k));
  if (unknown) throw fieldError('product_keys', `No product "${unknown}".`);
  const [row] = await db
    .insert(promoCodes)
    .values({ ...input, createdBy: actorId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fieldError('code', 'That code exists already.');
  return row;
}

export async function setPromoActive(db: Db, id: number, active: boolean, now: Date) {
  await db.update(promoCodes).set({ active, updatedAt: now }).where(eq(promoCodes.id, id));
}

/** Orders by number, buyer email or status, newest first. */
export async function searchOrders(db: Db, input: { q?: string; status?: OrderStatus | ''; limit?: number }) {
  const q = input.q?.trim();
  return db
    .select({ order: orders, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.ownerId))
    .where(
      and(
        q ? or(ilike(orders.number, `%${q}%`), ilike(users.email, `%${q}%`)) : undefined,
        input.status ? eq(orders.status, input.status) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(input.limit ?? 100);
}

/** One order for the site team: the view, the buyer, and every payment event received for it. */
export async function adminOrder(db: Db, number: string) {
  const [row] = await db
    .select({ order: orders, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.ownerId))
    .where(eq(orders.number, number));
  if (!row) return null;
  const events = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderNumber, number))
    .orderBy(desc(paymentEvents.createdAt));
  return { view: orderView(row.order, await linesOf(db, [row.order.id])), order: row.order, email: row.email, events };
}
