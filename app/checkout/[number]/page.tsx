// The checkout page (docs/decisions.md#checkout): the order, billing details (re-price), the four
// ways to pay. Whoever holds the link's token may pay; so may the signed-in buyer (asked to sign in
// when there is no token); anyone else 404.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { BillingForm } from '@/components/orders/billing-form';
import { CancelOrderForm } from '@/components/orders/cancel-order-form';
import { PromoCodeForm } from '@/components/orders/promo-code-form';
import { OrderSummary } from '@/components/orders/order-summary';
import { PayForm } from '@/components/orders/pay-form';
import { Card } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { getCurrentUser, signInPath } from '@/lib/auth/session';
import { loadCheckout } from '@/lib/orders/checkout-access';
import { isPastExpiry } from '@/lib/orders/expiry';
import { lastPaidBilling } from '@/lib/orders/billing';
import { billingCountries } from '@/lib/orders/countries';
import { usd } from '@/lib/orders/money';
import { promoRefusalText, type PromoRefusal } from '@/lib/orders/promo';
import { orderView } from '@/lib/orders/view';
import { activeProvider } from '@/lib/payments/provider';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Checkout', robots: { index: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ number: string }>; searchParams: Promise<{ t?: string | string[]; paid?: string }> };

export default async function CheckoutPage({ params, searchParams }: Props) {
  const { number } = await params;
  const sp = await searchParams;
  const token = typeof sp.t === 'string' ? sp.t : null;
  const user = await getCurrentUser();
  // Without the link's token the page is the buyer's: sign in first (for any number, so nothing is told).
  if (!token && !user) redirect(signInPath(`/checkout/${encodeURIComponent(number)}`));
  const db = await getDb();
  const found = await loadCheckout(db, number, token, user?.id ?? null);
  if (!found) notFound();
  const order = orderView(found.order, found.lines);
  const countries = billingCountries();
  // Only the signed-in buyer is offered their earlier details (a link's holder may be someone else).
  const last =
    found.byOwner && user && !order.billing.country && order.status === 'pending'
      ? await lastPaidBilling(db, user.id, found.order.id)
      : null;
  const previous = last && {
    country: last.country,
    vat_number: last.vatNumber,
    name: last.name,
    address: last.address,
    label: [
      last.name,
      countries.find((c) => c.code === last.country)?.name ?? last.country,
      last.vatNumber && `VAT ${last.vatNumber}`,
    ]
      .filter(Boolean)
      .join(', '),
  };
  const provider = activeProvider();
  const expired = isPastExpiry(found.order);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Checkout</h1>
        <p className="mt-1 text-sm text-stone-600">
          Order <span className="font-mono">{order.number}</span> · prices in US dollars
        </p>
      </div>
      {provider === 'test' && order.status === 'pending' && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong>Test mode.</strong> No payment provider is configured on this site: paying here completes the order
          without moving any money. A site owner switches on Stripe with STRIPE_SECRET_KEY.
        </p>
      )}
      {order.status === 'paid' && (
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
          Paid — thank you.{' '}
          {found.byOwner ? (
            <Link href={`/account/orders/${order.number}`} className="font-semibold underline">
              See the receipt
            </Link>
          ) : (
            'The buyer has the receipt by email.'
          )}
        </p>
      )}
      {(order.status !== 'pending' && order.status !== 'paid') || expired ? (
        <p role="status" className="rounded-lg border border-stone-300 bg-stone-50 px-4 py-3 text-stone-800">
          This order is {expired ? 'expired' : order.status}; nothing can be paid here. Start a new checkout from your
          listing.
        </p>
      ) : null}
      {order.promo_dropped && order.status === 'pending' && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {promoRefusalText(order.promo_dropped as PromoRefusal)} The code was taken off the order.
        </p>
      )}
      <Card title="Your order">
        <OrderSummary order={order} fulfilment={order.status === 'paid'} />
      </Card>
      {order.status === 'pending' && !expired && (
        <>
          <Card title="Promo code">
            <PromoCodeForm number={order.number} token={token} applied={order.promo?.code ?? null} />
          </Card>
          <Card title="Billing details">
            <BillingForm
              number={order.number}
              token={token}
              countries={countries}
              previous={previous ?? undefined}
              current={{
                country: order.billing.country ?? '',
                vat_number: order.billing.vat_number ?? '',
                name: order.billing.name ?? '',
                address: order.billing.address ?? '',
              }}
            />
          </Card>
          <Card title="Payment">
            {provider || order.total_cents === 0 ? (
              <PayForm
                number={order.number}
                token={token}
                total={usd(order.total_cents)}
                free={order.total_cents === 0}
                testMode={provider === 'test'}
                canPay={Boolean(order.billing.country)}
              />
            ) : (
              <p className="text-sm text-stone-700">
                Payments are not set up on this site yet. Please try again later.
              </p>
            )}
            <p className="mt-3 text-xs text-stone-600">
              This link stays valid until {order.expires_at.slice(0, 16).replace('T', ' ')} UTC.
            </p>
          </Card>
          <CancelOrderForm number={order.number} token={token} />
        </>
      )}
    </div>
  );
}
