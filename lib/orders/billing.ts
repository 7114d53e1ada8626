// Billing details on the checkout page (docs/decisions.md#checkout): name or company, address,
// country and VAT number for the receipt. A new country or VAT number re-prices the order through
// the one pricing function; the discount stays as checked at checkout (it is claimed at payment).
import { isBillingCountry } from './countries';
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { orders } from '@/db/schema';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { priceOrder } from './quote';
import { linesOf } from './view';

export type BillingInput = { country: string; vatNumber: string; name: string; address: string };

export async function updateBilling(db: DbOrTx, number: string, input: BillingInput, now: Date): Promise<void> {
  const country = input.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country) || !isBillingCountry(country))
    throw fieldError('billing_country', 'Choose the billing country.');
  if (input.name.length > 200) throw fieldError('billing_name', 'At most 200 characters.');
  if (input.address.length > 1000) throw fieldError('billing_address', 'At most 1000 characters.');
  if (input.vatNumber.length > 32) throw fieldError('vat_number', 'At most 32 characters.');
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    if (!order) throw new AppError('not_found', 'Order not found.');
    if (order.status !== 'pending') throw new AppError('conflict', `This order is ${order.status}.`);
    const pricing = await priceOrder(tx, {
      lines: await linesOf(tx, [order.id]),
      discountCents: order.discountCents,
      country,
      vatNumber: input.vatNumber.trim() || null,
      now,
    });
    await tx
      .update(orders)
      .set({
        billingCountry: country,
        billingVatNumber: pricing.vat.vat_number,
        billingName: input.name.trim() || null,
        // A posted form sends a textarea's line breaks as CRLF; they are stored as LF, as the page reads them.
        billingAddress: input.address.replace(/\r\n?/g, '\n').trim() || null,
        vatRateBp: pricing.vat.rate_bp,
        vatCents: pricing.vatCents,
        totalCents: pricing.totalCents,
        reverseCharge: pricing.vat.reverse_charge,
        vatReason: pricing.vat.reason,
        vatDetail: pricing.vat,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  });
}

/** The billing details of the buyer's last paid order, offered on their next checkout (null: none yet). */
export async function lastPaidBilling(
  db: DbOrTx,
  ownerId: string,
  exceptOrderId: number,
): Promise<BillingInput | null> {
  const [last] = await db
    .select({
      country: orders.billingCountry,
      vatNumber: orders.billingVatNumber,
      name: orders.billingName,
      address: orders.billingAddress,
    })
    .from(orders)
    .where(
      and(
        eq(orders.ownerId, ownerId),
        inArray(orders.status, ['paid', 'refunded']), // a refund does not make the address wrong
        isNotNull(orders.billingCountry),
        ne(orders.id, exceptOrderId),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(1);
  if (!last?.country) return null;
  return { country: last.country, vatNumber: last.vatNumber ?? '', name: last.name ?? '', address: last.address ?? '' };
}
