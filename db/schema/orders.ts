// Orders and payments: the order a checkout builds (docs/decisions.md#checkout), its lines and their
// fulfilment, promo codes and their redemptions, dated VAT rates, the payment providers' events, the
// site team's price history and the featured placements a paid line delivers.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { categories, products, sites } from './catalog';
import { listings } from './listings';
import { createdAt, updatedAt } from './types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the VAT of an order was decided (docs/decisions.md#vat). */
export type VatDetail = {
  country: string | null;
  rate_bp: number;
  reverse_charge: boolean;
  /** eu_consumer, seller_country, reverse_charge, outside_eu, no_country, vat_number_* … */
  reason: string;
  note: string;
  vat_number: string | null;
  vat_number_valid: boolean | null;
};

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Human-friendly and unguessable enough: PD-XXXX-XXXX (40 random bits, Crockford base32). */
    number: text('number').notNull().unique(),
    /** sha256 of the checkout link's token; whoever holds the token can pay. */
    checkoutTokenHash: text('checkout_token_hash').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    billingCountry: text('billing_country'),
    billingVatNumber: text('billing_vat_number'),
    billingName: text('billing_name'),
    billingAddress: text('billing_address'),
    currency: text('currency').notNull().default('usd'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    vatCents: integer('vat_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    vatReason: text('vat_reason').notNull(),
    vatDetail: jsonb('vat_detail').$type<VatDetail>().notNull(),
    /** The code as the buyer typed it, and the row it matched (checked again at payment). */
    promoCode: text('promo_code'),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    /** Why a code put in the cart no longer applies (told on the checkout page at payment). */
    promoDropped: text('promo_dropped'),
    /** 'test' or 'stripe', set when a payment starts; the provider's reference (session id). */
    provider: text('provider'),
    providerRef: text('provider_ref'),
    paymentMethod: text('payment_method'),
    /** The provider's payment id (Stripe payment intent), for refunds. */
    paymentRef: text('payment_ref'),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    refundedAt: ts('refunded_at'),
    receiptSentAt: ts('receipt_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_provider_ref_idx').on(t.providerRef),
    check('orders_status_check', sql`${t.status} in (${oneOf(ORDER_STATUSES)})`),
  ],
);

/** What one line's fulfilment did (shown by get_order). */
export type FulfilmentResult = { summary: string; [key: string]: unknown };

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productKey: text('product_key').notNull(),
    description: text('description').notNull(),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** The ISO week whose capacity this line holds while its order is pending or paid (paid launches). */
    capacityWeek: text('capacity_week'),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    fulfilledAt: ts('fulfilled_at'),
    fulfilment: jsonb('fulfilment').$type<FulfilmentResult>(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: ts('refunded_at'),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_idx').on(t.orderId, t.position),
    index('order_lines_capacity_idx').on(t.productKey, t.capacityWeek),
    index('order_lines_listing_idx').on(t.listingId),
  ],
);

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Matched exactly as typed (case-sensitive). */
    code: text('code').notNull().unique(),
    kind: text('kind').$type<PromoKind>().notNull(),
    /** Percent off in basis points (2000 = 20 %), or USD cents off. */
    value: integer('value').notNull(),
    /** Product keys it applies to; empty = every product. */
    productKeys: text('product_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    maxRedemptions: integer('max_redemptions'),
    oncePerAccount: boolean('once_per_account').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('promo_codes_kind_check', sql`${t.kind} in (${oneOf(PROMO_KINDS)})`)],
);

export const REDEMPTION_STATUSES = ['held', 'redeemed', 'released'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** A code held by an order while it is being paid, redeemed once paid, released otherwise. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<RedemptionStatus>().notNull(),
    discountCents: integer('discount_cents').notNull(),
    heldUntil: ts('held_until'),
    redeemedAt: ts('redeemed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_order_idx').on(t.orderId),
    index('promo_redemptions_code_idx').on(t.promoCodeId, t.status),
    check('promo_redemptions_status_check', sql`${t.status} in (${oneOf(REDEMPTION_STATUSES)})`),
  ],
);

/** Standard VAT rates with the dates they apply (valid_to exclusive; null = still in force). */
export const vatRates = pgTable(
  'vat_rates',
  {
    country: text('country').notNull(),
    rateBp: integer('rate_bp').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.country, t.validFrom] })],
);

/** Every event a payment provider sent (or the test provider made), once per event id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderNumber: text('order_number'),
    payload: jsonb('payload').notNull(),
    processedAt: ts('processed_at'),
    outcome: text('outcome'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

/** The site team's changes to a product (price, active, options, capacity): who, when, before, after. */
export const productChanges = pgTable(
  'product_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_changes_product_idx').on(t.productId, t.createdAt)],
);

/** A listing pinned at the top of a category's page for one ISO week (the featured_week product). */
export const featuredPlacements = pgTable(
  'featured_placements',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.categoryId, t.week] }),
    index('featured_placements_category_week_idx').on(t.categoryId, t.week),
  ],
);
