// The mail that tells a buyer their order was refunded: how much, when, why (the site team's refund,
// or a billboard bid outbid), and that what was delivered stays. Sent once, after the refund is kept.
import type { DbOrTx } from '@/db/client';
import { sendMail } from '@/lib/mail/send-mail';
import { mailLine } from '@/lib/mail/sanitize';
import { publicBaseUrl } from '@/lib/site/site';
import { buyerEmail } from './buyer-email';
import { usd } from './money';
import { findOrder } from './view';

export async function sendRefundNotice(
  db: DbOrTx,
  number: string,
  reason: string | null,
  placesTaken = 0,
): Promise<void> {
  const found = await findOrder(db, number);
  if (found?.order.status !== 'refunded') return;
  const { order, lines } = found;
  const to = await buyerEmail(db, order.ownerId);
  if (!to) return;
  const text = [
    `Order ${order.number} was refunded on ${order.refundedAt?.toISOString().slice(0, 10) ?? ''}: ${usd(order.totalCents)} (USD), the whole amount paid, goes back the way you paid${order.provider === 'test' ? ' (test mode: no money moved)' : ''}.`,
    ...(reason ? ['', reason] : []),
    '',
    ...lines.map((l) => `${mailLine(l.description, 300)}  ×${l.quantity}  ${usd(l.amountCents)}`),
    ...(lines.some((l) => l.fulfilledAt)
      ? [
          '',
          `What was already delivered stays as it is (a launch that took place, a featured week that started)${placesTaken ? `; the ${placesTaken} featured ${placesTaken === 1 ? 'place' : 'places'} in weeks not started yet ${placesTaken === 1 ? 'is' : 'are'} cancelled` : ''}.`,
        ]
      : []),
    '',
    'Banks usually show a refund within 5 to 10 days.',
    `The order: ${publicBaseUrl()}/account/orders/${order.number}`,
  ].join('\n');
  await sendMail(db, { to, subject: `Refund for order ${order.number}`, text, kind: 'receipt' });
}
