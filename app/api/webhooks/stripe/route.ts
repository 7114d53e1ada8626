// POST /api/webhooks/stripe: Stripe's payment events (lib/orders/stripe-webhook.ts); the raw body is read for the signature.
import { getDb } from '@/db/client';
import { handleStripeWebhook } from '@/lib/orders/stripe-webhook';

export async function POST(request: Request): Promise<Response> {
  const rawBody = await request.text();
  const answer = await handleStripeWebhook(await getDb(), {
    rawBody,
    signature: request.headers.get('stripe-signature'),
    now: new Date(),
  });
  return Response.json(answer.body, { status: answer.status, headers: { 'cache-control': 'no-store' } });
}
