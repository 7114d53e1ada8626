// The receipt email (docs/decisions.md#vat): lines, discount, VAT with its rate and reason, the
// reverse-charge legal mention, the seller's and the buyer's VAT numbers. Sent once, when paid.
import type { DbOrTx } from '@/db/client';
import { sendMail } from '@/lib/mail/send-mail';
import { mailLine } from '@/lib/mail/sanitize';
import { publicBaseUrl } from '@/lib/site/site';
import { sellerDetails } from './seller';
import { buyerEmail } from './buyer-email';
import { usd } from './money';
import { ratePercent } from './quote';
import { findOrder } from './view';
import { countryName } from './countries';

function sellerLines(): string[] {
  const seller = sellerDetails();
  return [
    `Seller: ${seller.name ? `${mailLine(seller.name, 200)}, ` : ''}established in ${countryName(seller.country)}${seller.vatId ? `, VAT ${seller.vatId}` : ''}.`,
    ...(seller.addressLines.length ? [mailLine(seller.addressLines.join(', '), 400)] : []),
  ];
}

export async function sendReceipt(db: DbOrTx, number: string): Promise<void> {
  const found = await findOrder(db, number);
  if (!found) return;
  const { order, lines } = found;
  const to = await buyerEmail(db, order.ownerId);
  if (!to) return;
  const v = order.vatDetail;
  const text = [
    `Thank you: order ${order.number} is paid (${order.paidAt?.toISOString().slice(0, 10) ?? ''}).`,
    '',
    ...lines.map((l) => `${mailLine(l.description, 300)}  ×${l.quantity}  ${usd(l.amountCents)}`),
    '',
    `Subtotal: ${usd(order.subtotalCents)}`,
    ...(order.discountCents ? [`Promo ${order.promoCode}: -${usd(order.discountCents)}`] : []),
    `VAT ${ratePercent(order.vatRateBp)} %${v.country ? ` (${countryName(v.country)})` : ''}: ${usd(order.vatCents)}`,
    `Total paid: ${usd(order.totalCents)} (USD)`,
    '',
    v.note,
    // The note of a reverse charge is the legal mention itself (it was said twice).
    ...(order.reverseCharge && !/reverse charge/i.test(v.note)
      ? ['Reverse charge: VAT to be accounted for by the recipient.']
      : []),
    ...sellerLines(),
    ...(order.billingName ? [`Billed to: ${mailLine(order.billingName, 200)}`] : []),
    ...(order.billingAddress ? [mailLine(order.billingAddress.replace(/\s*\n\s*/g, ', '), 400)] : []),
    ...(order.billingCountry ? [`Country: ${countryName(order.billingCountry)}`] : []),
    ...(order.billingVatNumber ? [`Customer VAT number: ${order.billingVatNumber}`] : []),
    '',
    `Receipt: ${publicBaseUrl()}/account/orders/${order.number}`,
  ].join('\n');
  await sendMail(db, { to, subject: `Receipt for order ${order.number}`, text, kind: 'receipt' });
}
