// Orders (docs/spec.md#orders-and-products): quote, checkout link, the caller's orders. Payment is
// never taken through the API: the person pays on the checkout page. Rules live in lib/orders/.
import { z } from 'zod';
import { createCheckout, quoteOrder } from '@/lib/orders/checkout';
import { orderBody } from '@/lib/orders/input';
import { quoteSchema } from '@/lib/orders/quote';
import { listMyOrders, loadOrderView, orderSchema } from '@/lib/orders/view';
import { paginated, paginationInput } from '@/lib/pagination';
import { defineOperation } from './define';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What quote_order and create_checkout refuse besides bad input. */
const orderProblems = {
  404: 'A `listing_id` that is not one of your listings.',
  409: '`listing_state`: the listing is not in a state the product is sold for (already live or launched, unlocked, another site), or another pending order already buys the same thing (its number is in `detail`).',
};

export const quoteOrderOp = defineOperation({
  name: 'quote_order',
  method: 'POST',
  path: '/orders/quote',
  scope: 'orders:write',
  idempotent: false,
  hints: { readOnly: true },
  problems: orderProblems,
  tag: 'Orders',
  summary: 'Price items with a VAT preview',
  description:
    "Prices the items at the site team's current prices (USD cents, excluding VAT), checks every option against its product (weeks in the future within the horizon and with capacity, categories that exist, minimums from the current price, required and unknown options), " +
    'applies the promo code before VAT (a code that cannot be used is refused with its reason: not_found, expired, not_started, exhausted, not_applicable, already_used; wrong codes are rate-limited), and previews VAT for the billing country and VAT number. Nothing is saved or charged.',
  input: z.strictObject(orderBody),
  output: quoteSchema,
  handler: (ctx, input) => quoteOrder(ctx, input),
  text: (q) =>
    `${q.lines.map((l) => `${l.description}: ${money(l.amount_cents)}`).join('\n')}\nVAT ${q.vat.rate_percent}%: ${money(q.vat.amount_cents)}\nTotal ${money(q.total_cents)}`,
});

export const createCheckoutOp = defineOperation({
  name: 'create_checkout',
  method: 'POST',
  path: '/orders/checkout',
  scope: 'orders:write',
  idempotent: true,
  problems: orderProblems,
  tag: 'Orders',
  summary: 'Create an order and its checkout link',
  description:
    'Builds a pending order from the same body as quote_order and returns checkout_url: a page of this site where the person pays (card, Apple Pay / Google Pay, PayPal or crypto). Whoever holds the link can pay. ' +
    'The order expires after 24 hours; the promo code is checked again at payment. The same Idempotency-Key returns the same order.',
  input: z.strictObject(orderBody),
  output: orderSchema.extend({
    checkout_url: z.string().meta({
      description:
        'Open it in a browser to pay (keep it private: whoever holds it can pay). get_order gives a link for the signed-in buyer later.',
    }),
  }),
  successStatus: 201,
  location: (o) => `/orders/${o.number}`,
  handler: (ctx, input) => createCheckout(ctx, input),
  text: (o) => `Order ${o.number}: ${money(o.total_cents)} incl. VAT, pending. Pay at ${o.checkout_url}`,
});

export const listMyOrdersOp = defineOperation({
  name: 'list_my_orders',
  method: 'GET',
  path: '/orders',
  scope: 'account:read',
  idempotent: false,
  tag: 'Orders',
  summary: 'List your orders',
  description: 'Your orders, newest first, with status, totals with VAT and per-line fulfilment.',
  input: z.strictObject({ ...paginationInput }),
  output: paginated(orderSchema, 'OrderPage'),
  handler: (ctx, input) => listMyOrders(ctx.db, ctx.principal.userId, input, ctx.baseUrl),
  text: (p) =>
    p.items.length
      ? p.items.map((o) => `${o.number}: ${o.status}, ${money(o.total_cents)}`).join('\n')
      : 'No orders yet.',
});

export const getOrderOp = defineOperation({
  name: 'get_order',
  method: 'GET',
  path: '/orders/{number}',
  scope: 'account:read',
  idempotent: false,
  tag: 'Orders',
  summary: 'Get an order',
  description: 'Status, totals with VAT, lines and whether and when each line was fulfilled and what that did.',
  input: z.strictObject({
    number: z
      .string()
      .trim()
      .toUpperCase()
      .min(1)
      .max(32)
      .meta({ description: 'Order number (any case).', example: 'PD-7K3M-9Q2X' }),
  }),
  output: orderSchema,
  handler: (ctx, input) => loadOrderView(ctx.db, ctx.principal.userId, input.number, ctx.baseUrl),
  text: (o) =>
    `Order ${o.number}: ${o.status}, ${money(o.total_cents)}\n${o.lines.map((l) => `${l.description}: ${l.fulfilled ? 'fulfilled' : 'not fulfilled'}`).join('\n')}`,
});

export const orderOperations = [quoteOrderOp, createCheckoutOp, listMyOrdersOp, getOrderOp];
