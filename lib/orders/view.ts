// The Order resource (get_order, list_my_orders, create_checkout): status, totals with VAT, lines
// and what each line's fulfilment did. Another account's order is not found.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { orderLines, orders, products, ORDER_STATUSES } from '@/db/schema';
import { notFound } from '@/lib/errors/app-error';
import { offsetOf, toPage, type Page } from '@/lib/pagination';
import { isPastExpiry } from './expiry';
import { totalsSchema, vatView, type Pricing } from './quote';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export const orderLineSchema = z
  .object({
    position: z.number().int(),
    product: z.string(),
    name: z.string(),
    description: z.string(),
    listing_id: z.number().int().nullable(),
    options: z.record(z.string(), z.unknown()),
    quantity: z.number().int(),
    unit_cents: z.number().int(),
    amount_cents: z.number().int(),
    fulfilled: z.boolean().meta({ description: 'Whether the line has been delivered.' }),
    fulfilled_at: z.string().nullable(),
    fulfilment: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: 'What the delivery did (summary and facts, e.g. the launch week).' }),
    refunded_cents: z.number().int().meta({
      description:
        "This line's share given back, before VAT and discount (the order's refunded_cents is what was paid back, VAT included).",
    }),
  })
  .meta({ id: 'OrderLine' });

export const orderSchema = z
  .object({
    number: z.string().meta({ description: 'The order number (used in the path).', example: 'PD-7K3M-9Q2X' }),
    status: z.enum(ORDER_STATUSES).meta({ description: 'pending, paid, expired, cancelled or refunded.' }),
    created_at: z.string(),
    expires_at: z.string().meta({
      description: 'While pending: it expires then (its reserved weeks are released). Meaningless once paid or ended.',
    }),
    paid_at: z.string().nullable(),
    refunded_at: z
      .string()
      .nullable()
      .meta({ description: 'When the order was refunded (in full), null if it was not.' }),
    refunded_cents: z
      .number()
      .int()
      .meta({ description: 'What was given back, VAT included (total_cents once refunded, else 0).' }),
    lines: z.array(orderLineSchema),
    ...totalsSchema,
    promo_dropped: z
      .string()
      .nullable()
      .meta({ description: 'Why the promo code in the cart no longer applied at payment (the order was re-priced).' }),
    billing: z.object({
      country: z.string().nullable(),
      vat_number: z.string().nullable(),
      name: z.string().nullable(),
      address: z.string().nullable(),
    }),
    payment: z
      .object({ provider: z.string().nullable(), method: z.string().nullable() })
      .meta({ description: 'How it was (or is being) paid.' }),
    receipt_url: z.string().meta({ description: 'The receipt page on the site (sign-in as the buyer).' }),
    checkout_url: z.string().nullable().meta({
      description:
        'Where a pending order is paid, null once it is not pending. Here the page asks the buyer to sign in; the link create_checkout returned also works without signing in.',
    }),
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof orderSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function pricingOf(o: OrderRow): Pricing {
  return {
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    netCents: o.subtotalCents - o.discountCents,
    vat: o.vatDetail,
    vatCents: o.vatCents,
    totalCents: o.totalCents,
  };
}

export function orderView(o: OrderRow, lines: (OrderLineRow & { productName: string })[], baseUrl = ''): OrderView {
  const status = isPastExpiry(o) ? 'expired' : o.status;
  return {
    number: o.number,
    status,
    created_at: o.createdAt.toISOString(),
    expires_at: o.expiresAt.toISOString(),
    paid_at: iso(o.paidAt),
    refunded_at: iso(o.refundedAt),
    refunded_cents: o.status === 'refunded' ? o.totalCents : 0,
    lines: lines.map((l) => ({
      position: l.position,
      product: l.productKey,
      name: l.productName,
      description: l.description,
      listing_id: l.listingId,
      options: l.options,
      quantity: l.quantity,
      unit_cents: l.unitCents,
      amount_cents: l.amountCents,
      fulfilled: l.fulfilledAt !== null,
      fulfilled_at: iso(l.fulfilledAt),
      fulfilment: l.fulfilment ?? null,
      refunded_cents: l.refundedCents,
    })),
    currency: 'usd',
    subtotal_cents: o.subtotalCents,
    promo: o.promoCode && o.discountCents > 0 ? { code: o.promoCode, discount_cents: o.discountCents } : null,
    discount_cents: o.discountCents,
    net_cents: o.subtotalCents - o.discountCents,
    vat: vatView(pricingOf(o)),
    total_cents: o.totalCents,
    promo_dropped: o.promoDropped,
    billing: {
      country: o.billingCountry,
      vat_number: o.billingVatNumber,
      name: o.billingName,
      address: o.billingAddress,
    },
    payment: { provider: o.provider, method: o.paymentMethod },
    receipt_url: `${baseUrl}/account/orders/${o.number}`,
    checkout_url: status === 'pending' ? `${baseUrl}/checkout/${o.number}` : null,
  };
}

export async function linesOf(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select({ line: orderLines, productName: products.name })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position))
    .then((rows) => rows.map((r) => ({ ...r.line, productName: r.productName })));
}

/** The order with its lines, or null (no owner check: the checkout page and the webhook use it). */
export async function findOrder(db: DbOrTx, number: string) {
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  if (!order) return null;
  return { order, lines: await linesOf(db, [order.id]) };
}

/** get_order: the caller's own order, 404 for anyone else's. */
export async function loadOrderView(db: DbOrTx, userId: string, number: string, baseUrl = ''): Promise<OrderView> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.ownerId, userId)));
  if (!order) throw notFound('Order');
  return orderView(order, await linesOf(db, [order.id]), baseUrl);
}

/** list_my_orders: newest first. */
export async function listMyOrders(
  db: DbOrTx,
  userId: string,
  input: { page: number; per_page: number },
  baseUrl = '',
): Promise<Page<OrderView>> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.ownerId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(input.per_page)
    .offset(offsetOf(input));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.ownerId, userId));
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((o) =>
      orderView(
        o,
        lines.filter((l) => l.orderId === o.id),
        baseUrl,
      ),
    ),
    n,
    input,
  );
}
