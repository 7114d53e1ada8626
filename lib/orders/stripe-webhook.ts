// Stripe's webhook (docs/decisions.md#checkout): the signature is verified over the raw body with a
// 300 s tolerance (forged or stale → 400), then the event goes the one payment path, which records
// it once per event id and re-reads the session from Stripe before acting.
import type { Db } from '@/db/client';
import { verifyStripeWebhook } from '@/lib/payments/stripe';
import { processPaymentEvent, type EventOutcome } from './payment';

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export type WebhookAnswer = {
  status: number;
  body: { received: boolean; outcome?: EventOutcome | 'ignored'; error?: string };
};

export async function handleStripeWebhook(
  db: Db,
  input: { rawBody: string; signature: string | null; now: Date },
): Promise<WebhookAnswer> {
  if (!process.env.STRIPE_SECRET_KEY || !process.env.STRIPE_WEBHOOK_SECRET)
    return { status: 404, body: { received: false, error: 'Stripe is not configured here.' } };
  let event;
  try {
    event = verifyStripeWebhook(input.rawBody, input.signature);
  } catch {
    return { status: 400, body: { received: false, error: 'Invalid signature.' } };
  }
  if (!HANDLED.has(event.type)) return { status: 200, body: { received: true, outcome: 'ignored' } };
  const session = event.data.object as { id?: string; object?: string };
  if (session.object !== 'checkout.session' || !session.id)
    return { status: 200, body: { received: true, outcome: 'ignored' } };
  const outcome = await processPaymentEvent(db, {
    provider: 'stripe',
    eventId: event.id,
    type: event.type,
    ref: session.id,
    payload: event,
    now: input.now,
  });
  return { status: 200, body: { received: true, outcome } };
}
