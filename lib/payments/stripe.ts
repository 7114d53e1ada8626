// Stripe (docs/decisions.md#checkout): a Checkout Session in USD per payment attempt, with the
// method types that give the four ways to pay (Apple Pay and Google Pay ride on card), the order
// number in metadata; webhooks verified from the raw body with a 300 s tolerance; a session re-read
// before anything is done; refunds through the payment intent. STRIPE_API_BASE points the SDK at
// another host (the tests' loopback double).
import Stripe from 'stripe';
import type { PayMethod, PaymentFacts } from './provider';

export const WEBHOOK_TOLERANCE_S = 300;

let cached: { key: string; base: string; client: Stripe } | null = null;

export function stripeClient(): Stripe {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = process.env.STRIPE_API_BASE ?? '';
  if (cached?.key === key && cached.base === base) return cached.client;
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 };
  if (base) {
    const u = new URL(base);
    Object.assign(config, {
      host: u.hostname,
      port: Number(u.port) || undefined,
      protocol: u.protocol.replace(':', ''),
    });
  }
  cached = { key, base, client: new Stripe(key, config) };
  return cached.client;
}

const METHOD_TYPES: Record<PayMethod, string[]> = {
  card: ['card'],
  wallet: ['card'],
  paypal: ['paypal'],
  crypto: ['crypto'],
};

export async function createStripeSession(input: {
  orderNumber: string;
  description: string;
  totalCents: number;
  method: PayMethod;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}): Promise<{ id: string; url: string }> {
  const session = await stripeClient().checkout.sessions.create(
    {
      mode: 'payment',
      currency: 'usd',
      allowed_payment_method_types: METHOD_TYPES[input.method],
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: input.totalCents,
            product_data: { name: `Order ${input.orderNumber}`, description: input.description.slice(0, 500) },
          },
        },
      ],
      client_reference_id: input.orderNumber,
      metadata: { order_number: input.orderNumber },
      payment_intent_data: { metadata: { order_number: input.orderNumber } },
      ...(input.email ? { customer_email: input.email } : {}),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
    },
    { idempotencyKey: `${input.orderNumber}:${input.method}:${input.totalCents}:${input.expiresAt.getTime()}` },
  );
  if (!session.url) throw new Error('Stripe returned a session without a URL');
  return { id: session.id, url: session.url };
}

/** The session as Stripe has it now. */
export async function readStripeSession(id: string): Promise<PaymentFacts> {
  const s = await stripeClient().checkout.sessions.retrieve(id);
  const paymentRef = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
  const state: PaymentFacts['state'] =
    s.payment_status === 'paid' || s.payment_status === 'no_payment_required'
      ? 'paid'
      : s.status === 'expired'
        ? 'expired'
        : 'unpaid';
  return {
    orderNumber: s.metadata?.order_number ?? s.client_reference_id ?? null,
    state,
    amountCents: s.amount_total,
    paymentRef,
  };
}

export async function refundStripe(paymentRef: string, amountCents: number, key: string): Promise<string> {
  const refund = await stripeClient().refunds.create(
    { payment_intent: paymentRef, amount: amountCents },
    { idempotencyKey: key },
  );
  return refund.id;
}

/** Verifies the signature over the raw body (300 s tolerance); throws when forged or stale. */
export function verifyStripeWebhook(rawBody: string, signature: string | null): Stripe.Event {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
  return stripeClient().webhooks.constructEvent(rawBody, signature ?? '', secret, WEBHOOK_TOLERANCE_S);
}
