// Stripe, without the network: the SDK talks to a loopback double of Stripe's API (its host, port and
// protocol options), and webhooks are signed with the SDK's generateTestHeaderString. Checks the
// requests the SDK sends, and the webhook's signature check, de-duplication, re-read and ordering.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, orders } from '@/db/schema';
import { POST as stripeWebhook } from '@/app/api/webhooks/stripe/route';
import { createCheckout } from '@/lib/orders/checkout';
import { startPayment } from '@/lib/orders/payment';
import { refundOrder } from '@/lib/orders/refund';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { contextFor, makeListing, weekAhead } from './helpers';

type Recorded = { method: string; path: string; headers: http.IncomingHttpHeaders; form: URLSearchParams };
const requests: Recorded[] = [];
const sessions = new Map<string, Record<string, unknown>>();
let n = 0;

const double = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://x');
    const form = new URLSearchParams(body);
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${++n}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: 'usd',
        client_reference_id: form.get('client_reference_id'),
        metadata: { order_number: form.get('metadata[order_number]') },
        payment_intent: null,
      };
      sessions.set(id, session);
      return json(200, session);
    }
    const m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m && sessions.has(m[1])) return json(200, sessions.get(m[1]));
    if (req.method === 'POST' && url.pathname === '/v1/refunds')
      return json(200, { id: `re_${++n}`, object: 'refund', amount: Number(form.get('amount')), status: 'succeeded' });
    json(404, { error: { type: 'invalid_request_error', message: 'No such route' } });
  });
});

const SECRET = 'whsec_test_secret';
const { db } = await useTestDatabase();
const app = await useApp({ routes: [{ prefix: '/api/webhooks/stripe', handler: stripeWebhook }] });
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  await new Promise<void>((r) => double.listen(0, '127.0.0.1', r));
  process.env.STRIPE_SECRET_KEY = 'sk_test_orders';
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${(double.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  await new Promise((r) => double.close(r));
});

function webhook(event: object, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? SECRET,
    timestamp: opts.timestamp,
  });
  return fetch(`${app.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

const event = (id: string, type: string, sessionId: string) => ({
  id,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  // The event's copy claims paid; the handler must ask Stripe instead.
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
});

describe('Stripe Checkout', () => {
  let number = '';
  let sessionId = '';
  let listingId = 0;

  it('creates a USD Checkout Session with the chosen method type and the order number in metadata', async () => {
    const { user } = await createAccount(db);
    const ctx = await contextFor(db, user);
    const listing = await makeListing(db, user.id);
    listingId = listing.id;
    const order = await createCheckout(ctx, {
      items: [{ product: 'launch', listing_id: listing.id, launch_week: weekAhead(1) }],
      billing_country: 'DE',
    });
    number = order.number;
    const started = await startPayment(db, {
      number,
      method: 'paypal',
      now: new Date(),
      baseUrl: 'http://shop.test',
      token: 'tok',
    });
    expect(started.outcome).toBe('redirect');
    const create = requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    expect(create.headers.authorization).toBe('Bearer sk_test_orders');
    expect(create.headers['idempotency-key']).toContain(number);
    expect(create.form.get('mode')).toBe('payment');
    expect(create.form.get('currency')).toBe('usd');
    expect(create.form.get('allowed_payment_method_types[0]')).toBe('paypal');
    expect(create.form.get('line_items[0][price_data][unit_amount]')).toBe(String(order.total_cents));
    expect(create.form.get('metadata[order_number]')).toBe(number);
    expect(create.form.get('success_url')).toBe(`http://shop.test/checkout/${number}?t=tok&paid=1`);
    sessionId = (started as { url: string }).url.split('/').pop()!;
    const [row] = await db.select().from(orders).where(eq(orders.number, number));
    expect(row).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      providerRef: sessionId,
      paymentMethod: 'paypal',
    });

    await startPayment(db, { number, method: 'wallet', now: new Date(), baseUrl: 'http://shop.test', token: null });
    const wallet = requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(wallet.form.get('allowed_payment_method_types[0]')).toBe('card');
    sessionId = row.providerRef!;
    await db.update(orders).set({ providerRef: sessionId }).where(eq(orders.number, number));
  });

  it('refuses a forged signature and a timestamp older than 300 s', async () => {
    expect(
      (await webhook(event('evt_forged', 'checkout.session.completed', sessionId), { secret: 'whsec_wrong' })).status,
    ).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 301;
    expect(
      (await webhook(event('evt_stale', 'checkout.session.completed', sessionId), { timestamp: stale })).status,
    ).toBe(400);
    const [row] = await db.select().from(orders).where(eq(orders.number, number));
    expect(row.status).toBe('pending');
  });

  it('re-reads the session: an event claiming paid for an unpaid session changes nothing', async () => {
    const res = await webhook(event('evt_1', 'checkout.session.completed', sessionId));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'unpaid' } });
    expect(requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)).toBe(true);
    const [row] = await db.select().from(orders).where(eq(orders.number, number));
    expect(row.status).toBe('pending');
  });

  it('pays once when the async success comes; duplicates and late or out-of-order events change nothing', async () => {
    Object.assign(sessions.get(sessionId)!, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_1',
    });
    expect((await webhook(event('evt_2', 'checkout.session.async_payment_succeeded', sessionId))).body.outcome).toBe(
      'paid',
    );
    expect((await webhook(event('evt_2', 'checkout.session.async_payment_succeeded', sessionId))).body.outcome).toBe(
      'duplicate',
    );
    expect((await webhook(event('evt_3', 'checkout.session.completed', sessionId))).body.outcome).toBe('already_paid');
    expect((await webhook(event('evt_4', 'checkout.session.async_payment_failed', sessionId))).body.outcome).toBe(
      'already_paid',
    );
    const [row] = await db.select().from(orders).where(eq(orders.number, number));
    expect(row).toMatchObject({ status: 'paid', paymentRef: 'pi_test_1' });
    const [l] = await db.select().from(listings).where(eq(listings.id, listingId));
    expect(l).toMatchObject({ plan: 'paid', status: 'scheduled' });
  });

  it('refunds through the payment intent', async () => {
    const [row] = await db.select().from(orders).where(eq(orders.number, number));
    await refundOrder(db, { number, actorId: null, now: new Date() });
    const refund = requests.find((r) => r.path === '/v1/refunds')!;
    expect(refund.form.get('payment_intent')).toBe('pi_test_1');
    expect(refund.form.get('amount')).toBe(String(row.totalCents));
    const [after] = await db.select().from(orders).where(eq(orders.number, number));
    expect(after.status).toBe('refunded');
  });
});
