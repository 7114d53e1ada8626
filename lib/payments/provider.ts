// The payment provider seam (docs/decisions.md#checkout): Stripe when STRIPE_SECRET_KEY is set, the
// labelled test-mode provider otherwise (refused in production unless PAYMENTS_TEST_MODE=1). Both
// end in the same code: lib/orders/payment.ts processPaymentEvent.

/** The four ways to pay offered on the checkout page. */
export const PAY_METHODS = ['card', 'wallet', 'paypal', 'crypto'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  card: 'Card',
  wallet: 'Apple Pay / Google Pay',
  paypal: 'PayPal',
  crypto: 'Crypto (USDC and other stablecoins)',
};

export function isPayMethod(v: unknown): v is PayMethod {
  return typeof v === 'string' && (PAY_METHODS as readonly string[]).includes(v);
}

export type ProviderName = 'test' | 'stripe';
/** Who settled an order: a provider, or 'free' for an order with nothing to pay (no provider asked). */
export type SettledBy = ProviderName | 'free';

/** What the provider says about a payment when asked (events are never trusted as they come). */
export type PaymentFacts = {
  orderNumber: string | null;
  state: 'paid' | 'unpaid' | 'failed' | 'expired';
  amountCents: number | null;
  paymentRef: string | null;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A site whose public address is this machine (`npm start` on localhost) serves nobody else. */
function localOnly(env: Record<string, string | undefined>): boolean {
  try {
    return LOOPBACK.has(new URL(env.APP_URL || env.AUTH_URL || '').hostname);
  } catch {
    return false;
  }
}

/**
 * Which provider takes payments here: Stripe with STRIPE_SECRET_KEY; else the test-mode provider,
 * except in production (NODE_ENV=production) on a public address, unless PAYMENTS_TEST_MODE=1.
 * A production build on localhost (a fresh clone's `npm start`) keeps test mode so the whole
 * journey runs; PAYMENTS_TEST_MODE=0 switches it off everywhere.
 */
export function activeProvider(env: Record<string, string | undefined> = process.env): ProviderName | null {
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  if (env.PAYMENTS_TEST_MODE === '1') return 'test';
  if (env.PAYMENTS_TEST_MODE === '0') return null;
  if (env.NODE_ENV === 'production' && !localOnly(env)) return null;
  return 'test';
}
