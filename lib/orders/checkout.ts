// quote_order and create_checkout (docs/decisions.md#checkout): the same checks and the same
// pricing; checkout saves the quote as a pending order with a checkout link that expires in 24 h.
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, orderLines, orders, products } from '@/db/schema';
import type { AuthedContext } from '@/lib/context';
import { fieldError } from '@/lib/errors/app-error';
import { hashToken, newCheckoutToken, newOrderNumber } from './numbers';
import type { OrderBody } from './input';
import { priceItems, type PricedLine } from './options';
import { applyPromoCode, countingWrongTries, type PromoRow } from './promo';
import { priceOrder, quoteView, type Pricing, type QuoteLine, type QuoteView } from './quote';
import { loadOrderView, type OrderView } from './view';

export const orderTtlMs = () => (Number(process.env.ORDER_TTL_HOURS) || 24) * 3_600_000;

function toQuoteLines(lines: PricedLine[]): QuoteLine[] {
  return lines.map((l) => ({
    productKey: l.product.key,
    productName: l.product.name,
    description: l.description,
    listingId: l.listing?.id ?? null,
    options: l.options,
    quantity: l.quantity,
    unitCents: l.unitCents,
    amountCents: l.amountCents,
  }));
}

const who = (ctx: AuthedContext) => ({ userId: ctx.principal.userId, ip: ctx.ip, now: ctx.now });

type Quoted = { priced: PricedLine[]; lines: QuoteLine[]; promo: PromoRow | null; pricing: Pricing };

async function quote(db: DbOrTx, ctx: AuthedContext, body: OrderBody): Promise<Quoted> {
  if (body.vat_number?.trim() && !body.billing_country)
    throw fieldError('billing_country', 'Give the billing country with a VAT number.');
  const priced = await priceItems(db, {
    userId: ctx.principal.userId,
    siteId: ctx.site.id,
    items: body.items,
    now: ctx.now,
  });
  const lines = toQuoteLines(priced);
  let promo: PromoRow | null = null;
  let discountCents = 0;
  if (body.promo_code !== undefined) {
    const applied = await applyPromoCode(db, body.promo_code, {
      userId: ctx.principal.userId,
      ip: ctx.ip,
      lines: lines.map((l) => ({ productKey: l.productKey, amountCents: l.amountCents })),
      now: ctx.now,
    });
    promo = applied.promo;
    discountCents = applied.discountCents;
  }
  const pricing = await priceOrder(db, {
    lines,
    discountCents,
    country: body.billing_country ?? null,
    vatNumber: body.vat_number?.trim() || null,
    now: ctx.now,
  });
  return { priced, lines, promo, pricing };
}

/** quote_order: prices the items; nothing is saved or charged. */
export async function quoteOrder(ctx: AuthedContext, body: OrderBody): Promise<QuoteView> {
  const q = await countingWrongTries(ctx.db, who(ctx), () => quote(ctx.db, ctx, body));
  return quoteView(q.lines, q.pricing, q.promo?.code ?? null);
}

export type CheckoutView = OrderView & { checkout_url: string };

/** create_checkout: the quote saved as a pending order, with the link to pay it on the site. */
export async function createCheckout(ctx: AuthedContext, body: OrderBody): Promise<CheckoutView> {
  const token = newCheckoutToken();
  const number = await countingWrongTries(ctx.db, who(ctx), () =>
    ctx.db.transaction(async (tx) => {
      // Orders for a product with weekly capacity run one at a time, so the last slot goes once.
      const keys = [...new Set(body.items.map((i) => i.product))];
      await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.key, keys), isNotNull(products.weekCapacity)))
        .for('update');
      // And the listings bought for: two checkouts for the same launch at once, one is refused (bought-twice).
      const listingIds = [...new Set(body.items.flatMap((i) => (i.listing_id === undefined ? [] : [i.listing_id])))];
      if (listingIds.length)
        await tx.select({ id: listings.id }).from(listings).where(inArray(listings.id, listingIds)).for('update');
      const q = await quote(tx, ctx, body);
      const number = newOrderNumber();
      const [order] = await tx
        .insert(orders)
        .values({
          number,
          checkoutTokenHash: hashToken(token),
          siteId: ctx.site.id,
          ownerId: ctx.principal.userId,
          status: 'pending',
          billingCountry: body.billing_country ?? null,
          billingVatNumber: q.pricing.vat.vat_number,
          subtotalCents: q.pricing.subtotalCents,
          discountCents: q.pricing.discountCents,
          vatRateBp: q.pricing.vat.rate_bp,
          vatCents: q.pricing.vatCents,
          totalCents: q.pricing.totalCents,
          reverseCharge: q.pricing.vat.reverse_charge,
          vatReason: q.pricing.vat.reason,
          vatDetail: q.pricing.vat,
          promoCode: q.promo?.code ?? null,
          promoCodeId: q.promo?.id ?? null,
          expiresAt: new Date(ctx.now.getTime() + orderTtlMs()),
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(
        q.priced.map((l, i) => ({
          orderId: order.id,
          position: i,
          productId: l.product.id,
          productKey: l.product.key,
          description: l.description,
          listingId: l.listing?.id ?? null,
          options: l.options,
          capacityWeek: l.capacityWeek,
          quantity: l.quantity,
          unitCents: l.unitCents,
          amountCents: l.amountCents,
        })),
      );
      return number;
    }),
  );
  const view = await loadOrderView(ctx.db, ctx.principal.userId, number, ctx.baseUrl);
  return { ...view, checkout_url: checkoutUrl(ctx.baseUrl, number, token) };
}

export function checkoutUrl(baseUrl: string, number: string, token: string): string {
  return `${baseUrl}/checkout/${number}?t=${encodeURIComponent(token)}`;
}
