// The one computation of an order's money (docs/decisions.md#vat): lines, the promo code's discount
// before VAT, VAT, total; all integer USD cents. quote_order, create_checkout, the checkout page
// (billing changes re-price) and the payment (a dropped code re-prices) all call priceOrder.
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import type { VatDetail } from '@/db/schema';
import { sellerCountry, sellerVatId } from './eu';
import { decideVat, vatOn } from './vat';

export type QuoteLine = {
  productKey: string;
  productName: string;
  description: string;
  listingId: number | null;
  options: Record<string, unknown>;
  quantity: number;
  unitCents: number;
  amountCents: number;
};

export type Pricing = {
  subtotalCents: number;
  discountCents: number;
  netCents: number;
  vat: VatDetail;
  vatCents: number;
  totalCents: number;
};

/**
 * The smallest total a card payment can take (Stripe's minimum charge in USD). A discount that would
 * leave less than this to pay takes the rest off too: the order is free (docs/decisions.md#promo-codes).
 */
export const MIN_CHARGE_CENTS = 50;

/** Prices lines with a discount (already decided by the promo rules) and the buyer's VAT facts. */
export async function priceOrder(
  db: DbOrTx,
  input: {
    lines: Pick<QuoteLine, 'amountCents'>[];
    discountCents: number;
    country: string | null;
    vatNumber: string | null;
    now: Date;
  },
): Promise<Pricing> {
  const subtotalCents = input.lines.reduce((s, l) => s + l.amountCents, 0);
  const vat = await decideVat(db, { country: input.country, vatNumber: input.vatNumber, now: input.now });
  const priced = (discountCents: number): Pricing => {
    const netCents = subtotalCents - discountCents;
    const vatCents = vatOn(netCents, vat.rate_bp);
    return { subtotalCents, discountCents, netCents, vat, vatCents, totalCents: netCents + vatCents };
  };
  const pricing = priced(Math.min(input.discountCents, subtotalCents));
  const tooLittleToCharge =
    pricing.discountCents > 0 && pricing.totalCents > 0 && pricing.totalCents < MIN_CHARGE_CENTS;
  return tooLittleToCharge ? priced(subtotalCents) : pricing;
}

/** A saved order priced again with another discount, at the billing details it holds. */
export function repriceOrder(
  db: DbOrTx,
  order: { billingCountry: string | null; billingVatNumber: string | null },
  lines: Pick<QuoteLine, 'amountCents'>[],
  discountCents: number,
  now: Date,
): Promise<Pricing> {
  return priceOrder(db, {
    lines,
    discountCents,
    country: order.billingCountry,
    vatNumber: order.billingVatNumber,
    now,
  });
}

export const quoteLineSchema = z
  .object({
    position: z.number().int(),
    product: z.string().meta({ description: 'Product key.', example: 'launch' }),
    name: z.string(),
    description: z.string(),
    listing_id: z.number().int().nullable(),
    options: z.record(z.string(), z.unknown()),
    quantity: z.number().int().meta({ description: 'As the product prices it, e.g. weeks × categories.' }),
    unit_cents: z.number().int(),
    amount_cents: z.number().int(),
  })
  .meta({ id: 'OrderLinePrice' });

export const vatSchema = z
  .object({
    country: z.string().nullable().meta({ description: 'Billing country (ISO 3166-1 alpha-2).' }),
    rate_bp: z.number().int().meta({ description: 'VAT rate in basis points (1900 = 19 %).' }),
    rate_percent: z.string().meta({ example: '19' }),
    amount_cents: z.number().int(),
    reverse_charge: z.boolean(),
    reason: z.string().meta({
      description:
        'Why this VAT: eu_consumer, seller_country, reverse_charge, outside_eu, no_country, vies_invalid, vies_unavailable.',
    }),
    note: z.string().meta({ description: 'The same, in a sentence (the legal mention for reverse charge).' }),
    vat_number: z.string().nullable(),
    vat_number_valid: z.boolean().nullable(),
    seller_country: z.string(),
    seller_vat_id: z.string(),
  })
  .meta({ id: 'OrderVat' });

export const totalsSchema = {
  currency: z.literal('usd'),
  subtotal_cents: z.number().int(),
  promo: z
    .object({ code: z.string(), discount_cents: z.number().int() })
    .nullable()
    .meta({ description: 'The promo code and what it takes off before VAT.' }),
  discount_cents: z.number().int(),
  net_cents: z.number().int().meta({ description: 'Subtotal less the discount: what VAT is charged on.' }),
  vat: vatSchema,
  total_cents: z.number().int().meta({ description: 'What is paid, VAT included.' }),
};

export const quoteSchema = z.object({ lines: z.array(quoteLineSchema), ...totalsSchema }).meta({ id: 'Quote' });
export type QuoteView = z.infer<typeof quoteSchema>;

export function ratePercent(bp: number): string {
  return (bp / 100).toFixed(2).replace(/\.?0+$/, '');
}

export function vatView(p: Pricing): z.infer<typeof vatSchema> {
  return {
    country: p.vat.country,
    rate_bp: p.vat.rate_bp,
    rate_percent: ratePercent(p.vat.rate_bp),
    amount_cents: p.vatCents,
    reverse_charge: p.vat.reverse_charge,
    reason: p.vat.reason,
    note: p.vat.note,
    vat_number: p.vat.vat_number,
    vat_number_valid: p.vat.vat_number_valid,
    seller_country: sellerCountry(),
    seller_vat_id: sellerVatId(),
  };
}

export function quoteView(lines: QuoteLine[], pricing: Pricing, promoCode: string | null): QuoteView {
  return {
    lines: lines.map((l, i) => ({
      position: i,
      product: l.productKey,
      name: l.productName,
      description: l.description,
      listing_id: l.listingId,
      options: l.options,
      quantity: l.quantity,
      unit_cents: l.unitCents,
      amount_cents: l.amountCents,
    })),
    currency: 'usd',
    subtotal_cents: pricing.subtotalCents,
    promo: promoCode && pricing.discountCents > 0 ? { code: promoCode, discount_cents: pricing.discountCents } : null,
    discount_cents: pricing.discountCents,
    net_cents: pricing.netCents,
    vat: vatView(pricing),
    total_cents: pricing.totalCents,
  };
}
