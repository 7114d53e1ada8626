// Paying an order (docs/decisions.md#checkout). startPayment is the "Pay" button: it claims the
// promo code again, atomically, then hands the order to the provider. processPaymentEvent is the one
// path every payment event takes, from Stripe's webhook or the test-mode provider: recorded once
// per event id, the provider asked again for the truth, the order paid exactly once, each line
// fulfilled exactly once, the receipt mailed once. Duplicate, late or out-of-order events change
// nothing.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { listings, orderLines, orders, paymentEvents, users } from '@/db/schema';
import { expiringAfter } from '@/lib/cache/tags';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { activeProvider, type PaymentFacts, type PayMethod, type SettledBy } from '@/lib/payments/provider';
import { createStripeSession, readStripeSession } from '@/lib/payments/stripe';
import { refuseAlreadyHeld } from './bought-twice';
import { fulfilments } from './fulfil';
import { checkListingFits } from './options';
import { claimRedemption, redeemHold, releaseHold } from './promo';
import { repriceOrder } from './quote';
import { sendReceipt } from './receipt';
import { linesOf, type OrderRow } from './view';

/** How long a payment attempt holds a one-use code (a Stripe session lives at least 30 minutes; ours 31). */
export const PAYMENT_HOLD_MS = 32 * 60_000;

export type StartOutcome =
  { outcome: 'paid' } | { outcome: 'redirect'; url: string } | { outcome: 'repriced'; reason: string };

function assertPayable(order: OrderRow, now: Date) {
  if (order.status === 'paid') throw new AppError('conflict', 'This order is paid already.');
  if (order.status !== 'pending' || order.expiresAt <= now)
    throw new AppError(
      'conflict',
      `This order is ${order.status === 'pending' ? 'expired' : order.status}; start a new checkout.`,
    );
  if (!order.billingCountry) throw fieldError('billing_country', 'Choose the billing country before paying.');
}

/**
 * The Pay button. The promo code is claimed again under a lock on the code: when it can no longer be
 * used, the order is re-priced without it and nothing is charged; the buyer sees the new total and
 * pays it or cancels (docs/decisions.md#promo-codes). An order with nothing to pay (a code took it
 * all) is completed here, without a provider and without a way to pay.
 */
export async function startPayment(
  db: Db,
  input: { number: string; method: PayMethod | null; now: Date; baseUrl: string; token: string | null },
): Promise<StartOutcome> {
  const provider = activeProvider();
  type Step =
    | { repriced: string }
    | { order: OrderRow; settledBy: SettledBy; ref: string | null; lines: Awaited<ReturnType<typeof linesOf>> };
  const step: Step = await db.transaction(async (tx): Promise<Step> => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, input.number)).for('update');
    if (!order) throw new AppError('not_found', 'Order not found.');
    assertPayable(order, input.now);
    const lines = await linesOf(tx, [order.id]);
    await assertStillDeliverable(tx, order, lines);
    if (order.promoCodeId && order.discountCents > 0) {
      const claim = await claimRedemption(tx, {
        promoCodeId: order.promoCodeId,
        orderId: order.id,
        userId: order.ownerId,
        lines: lines.map((l) => ({ productKey: l.productKey, amountCents: l.amountCents })),
        now: input.now,
        holdUntil: new Date(input.now.getTime() + PAYMENT_HOLD_MS),
      });
      if (!claim.ok) {
        const pricing = await repriceOrder(tx, order, lines, 0, input.now);
        await tx
          .update(orders)
          .set({
            promoCodeId: null,
            promoDropped: claim.reason,
            discountCents: 0,
            vatCents: pricing.vatCents,
            totalCents: pricing.totalCents,
            updatedAt: input.now,
          })
          .where(eq(orders.id, order.id));
        return { repriced: claim.reason };
      }
    }
    const settledBy = order.totalCents === 0 ? 'free' : provider;
    if (!settledBy)
      throw new AppError('payment_unavailable', 'Payments are not set up on this site yet (no STRIPE_SECRET_KEY).');
    const method = settledBy === 'free' ? null : input.method;
    if (settledBy !== 'free' && !method) throw fieldError('method', 'Choose how to pay.');
    const ref = settledBy === 'stripe' ? null : `${settledBy}_${randomBytes(12).toString('hex')}`;
    await tx
      .update(orders)
      .set({ provider: settledBy, paymentMethod: method, providerRef: ref ?? order.providerRef, updatedAt: input.now })
      .where(eq(orders.id, order.id));
    return { order, settledBy, ref, lines };
  });
  if ('repriced' in step) return { outcome: 'repriced', reason: step.repriced };

  if (step.settledBy !== 'stripe') {
    // The test-mode provider and a free order: no one to ask, so the facts are the order's own.
    await processPaymentEvent(db, {
      provider: step.settledBy,
      eventId: `evt_${step.ref}`,
      type: 'checkout.session.completed',
      ref: step.ref!,
      payload: { order_number: step.order.number, method: input.method },
      now: input.now,
      facts: async () => ({
        orderNumber: step.order.number,
        state: 'paid',
        amountCents: step.order.totalCents,
        paymentRef: step.ref,
      }),
    });
    return { outcome: 'paid' };
  }
  const [owner] = step.order.ownerId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, step.order.ownerId))
    : [];
  const back = `${input.baseUrl}/checkout/${step.order.number}${input.token ? `?t=${encodeURIComponent(input.token)}` : ''}`;
  const session = await createStripeSession({
    orderNumber: step.order.number,
    description: step.lines.map((l) => l.description).join('; '),
    totalCents: step.order.totalCents,
    method: input.method ?? 'card',
    email: owner?.email ?? null,
    successUrl: `${back}${back.includes('?') ? '&' : '?'}paid=1`,
    cancelUrl: back,
    expiresAt: new Date(input.now.getTime() + PAYMENT_HOLD_MS - 60_000),
  }).catch((err: unknown) => {
    console.error(`[payments] Stripe session for ${step.order.number} failed:`, err);
    throw new AppError(
      'payment_unavailable',
      'The payment provider could not be reached. Please try again in a moment.',
    );
  });
  await db.update(orders).set({ providerRef: session.id }).where(eq(orders.id, step.order.id));
  return { outcome: 'redirect', url: session.url };
}

/**
 * What the order buys must still be deliverable when the buyer pays: another order may have launched
 * the listing or unlocked its section since this one was made. Refused before anything is charged.
 */
async function assertStillDeliverable(tx: DbOrTx, order: OrderRow, lines: Awaited<ReturnType<typeof linesOf>>) {
  try {
    const ids = [...new Set(lines.flatMap((l) => (l.listingId === null ? [] : [l.listingId])))];
    const rows = ids.length ? await tx.select().from(listings).where(inArray(listings.id, ids)).for('update') : [];
    for (const l of lines) {
      if (l.listingId === null) continue;
      const listing = rows.find((r) => r.id === l.listingId);
      if (!listing) throw new AppError('listing_state', 'A listing of this order no longer exists.');
      checkListingFits({ key: l.productKey }, listing, `items.${l.position}.listing_id`, order.siteId);
    }
    await refuseAlreadyHeld(tx, lines, { pending: false });
  } catch (err) {
    if (err instanceof AppError && err.code === 'listing_state')
      throw new AppError(
        'listing_state',
        `This order can no longer be delivered: ${err.message} Nothing was charged; cancel it and start a new checkout for what you still need.`,
        { errors: err.errors },
      );
    throw err;
  }
}

export type PaymentEvent = {
  provider: SettledBy;
  eventId: string;
  type: string;
  /** The provider's object the event is about (a Checkout Session id). */
  ref: string;
  payload: unknown;
  now: Date;
  /** Asks the provider for the truth about `ref` now (never the event's own copy). */
  facts?: () => Promise<PaymentFacts>;
};

export type EventOutcome =
  'duplicate' | 'paid' | 'already_paid' | 'unpaid' | 'failed' | 'unknown_order' | 'amount_mismatch' | 'closed';

/** The one path of a payment event (webhook or test mode). */
export async function processPaymentEvent(db: Db, event: PaymentEvent): Promise<EventOutcome> {
  const inserted = await db
    .insert(paymentEvents)
    .values({ provider: event.provider, eventId: event.eventId, type: event.type, payload: event.payload as object })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!inserted.length) return 'duplicate';
  let facts: PaymentFacts;
  let outcome: EventOutcome;
  try {
    facts = await (event.facts ?? (() => readStripeSession(event.ref)))();
    if (facts.state === 'unpaid' && event.type === 'checkout.session.async_payment_failed') facts.state = 'failed';
    if (!facts.orderNumber) outcome = 'unknown_order';
    else if (facts.state === 'paid') outcome = await markPaid(db, facts.orderNumber, facts, event);
    else if (facts.state === 'failed' || facts.state === 'expired')
      outcome = await paymentFailed(db, facts.orderNumber, event.ref);
    else outcome = 'unpaid';
  } catch (err) {
    // Not recorded, so the provider's retry of the same event is processed (not taken as a duplicate).
    await db.delete(paymentEvents).where(eq(paymentEvents.id, inserted[0].id));
    throw err;
  }
  await db
    .update(paymentEvents)
    .set({ processedAt: event.now, outcome, orderNumber: facts.orderNumber })
    .where(eq(paymentEvents.id, inserted[0].id));
  // Delivery is idempotent per line: a later event for a paid order finishes what a crash left undone.
  if ((outcome === 'paid' || outcome === 'already_paid') && facts.orderNumber)
    await fulfilOrder(db, facts.orderNumber, event.now);
  return outcome;
}

async function markPaid(db: Db, number: string, facts: PaymentFacts, event: PaymentEvent): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    if (!order) return 'unknown_order';
    if (order.status === 'paid' || order.status === 'refunded') return 'already_paid';
    if (order.status === 'cancelled') return 'closed';
    if (facts.amountCents !== order.totalCents) {
      console.error(
        `[payments] ${number}: paid ${facts.amountCents} but the order is ${order.totalCents}; left pending`,
      );
      return 'amount_mismatch';
    }
    await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt: event.now,
        provider: event.provider,
        providerRef: event.ref,
        paymentRef: facts.paymentRef,
        updatedAt: event.now,
      })
      .where(eq(orders.id, order.id));
    await redeemHold(tx, order.id, event.now);
    return 'paid';
  });
}

async function paymentFailed(db: Db, number: string, ref: string): Promise<EventOutcome> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    // Only the attempt the order is waiting on; a late failure of an older attempt changes nothing.
    if (order?.status === 'pending' && order.providerRef === ref) await releaseHold(tx, order.id);
  });
  return 'failed';
}

/** Fulfils each line of a paid order exactly once (a line already fulfilled is skipped), then mails the receipt once. */
export async function fulfilOrder(db: Db, number: string, now: Date): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  if (!order || order.status !== 'paid') return;
  const lines = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id));
  for (const { id } of lines) await fulfilLine(db, order, id, now);
  const [claimed] = await db
    .update(orders)
    .set({ receiptSentAt: now })
    .where(and(eq(orders.id, order.id), isNull(orders.receiptSentAt)))
    .returning({ id: orders.id });
  if (claimed) await sendReceipt(db, order.number);
}

export async function fulfilLine(db: Db, order: OrderRow, lineId: number, now: Date): Promise<void> {
  try {
    // The product's writers name the tags they change; they expire after the commit.
    await expiringAfter(() =>
      db.transaction(async (tx) => {
        const [line] = await tx.select().from(orderLines).where(eq(orderLines.id, lineId)).for('update');
        if (!line || line.fulfilledAt) return;
        const fulfil = fulfilments[line.productKey];
        const result = fulfil
          ? await fulfil({ db: tx, line, order, now })
          : { summary: `No delivery for ${line.productKey}.`, delivered: false };
        // A delivery that happens later (a billboard bid, decided when its week starts) records what was
        // done now and stays undelivered until then.
        await tx
          .update(orderLines)
          .set({ fulfilledAt: result.pending ? null : now, fulfilment: result })
          .where(eq(orderLines.id, line.id));
      }),
    );
  } catch (err) {
    // Left unfulfilled with the error: the site team sees it on /admin/orders and can run it again.
    console.error(`[orders] fulfilment of line ${lineId} failed:`, err);
    await db
      .update(orderLines)
      .set({ fulfilment: { summary: 'Delivery failed; the site team has been told.', delivered: false, error: true } })
      .where(and(eq(orderLines.id, lineId), isNull(orderLines.fulfilledAt)));
  }
}

/** Paid orders with lines never attempted (a crash between payment and delivery): deliver them now. */
export async function deliverUndelivered(db: Db, now: Date): Promise<number> {
  const rows = await db
    .selectDistinct({ number: orders.number })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.status, 'paid'), isNull(orderLines.fulfilledAt), isNull(orderLines.fulfilment)))
    .limit(100);
  for (const r of rows) await fulfilOrder(db, r.number, now);
  return rows.length;
}
