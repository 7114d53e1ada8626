// The receipt of one order (the buyer only; anyone else gets the 404 page): lines with what each
// delivered, the VAT breakdown with its legal mentions, billing details, payment.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OrderSummary } from '@/components/orders/order-summary';
import { PartyDetails } from '@/components/orders/party-details';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { countryName } from '@/lib/orders/countries';
import { usd } from '@/lib/orders/money';
import { sellerDetails } from '@/lib/orders/seller';
import { ORDER_NUMBER_PATTERN } from '@/lib/orders/numbers';
import { loadOrderView } from '@/lib/orders/view';
import { PAY_METHOD_LABELS, isPayMethod } from '@/lib/payments/provider';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Receipt', robots: { index: false } };

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  expired: 'Expired unpaid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

type Props = { params: Promise<{ number: string }>; searchParams: Promise<{ paid?: string }> };

export default async function ReceiptPage({ params, searchParams }: Props) {
  const { number } = await params;
  const justPaid = (await searchParams).paid === '1';
  const user = await requireUser(`/account/orders/${encodeURIComponent(number)}`);
  if (!ORDER_NUMBER_PATTERN.test(number)) notFound();
  const order = await loadOrderView(await getDb(), user.id, number).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'not_found') notFound();
    throw e;
  });
  const b = order.billing;
  const seller = sellerDetails();
  const listingIds = [...new Set(order.lines.flatMap((l) => (l.listing_id === null ? [] : [l.listing_id])))];
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm text-stone-600">
          <Link href="/account/orders" className="underline">
            Orders
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">
          {order.status === 'paid' ? 'Receipt' : 'Order'} <span className="font-mono">{order.number}</span>
        </h1>
        <p className="mt-1 text-stone-700" data-testid="order-status">
          {order.refunded_at
            ? `Paid${order.paid_at ? ` on ${order.paid_at.slice(0, 10)}` : ''}, refunded on ${order.refunded_at.slice(0, 10)}: ${usd(order.refunded_cents)} returned`
            : `${STATUS_TEXT[order.status]}${order.paid_at ? ` on ${order.paid_at.slice(0, 10)}` : ''}`}
          {order.payment.method && isPayMethod(order.payment.method)
            ? ` · ${PAY_METHOD_LABELS[order.payment.method]}`
            : ''}
          {order.payment.provider === 'test' ? ' (test mode)' : ''}
          {order.payment.provider === 'free' ? ' · nothing to pay (promo code)' : ''}
        </p>
      </div>
      {justPaid && order.status === 'paid' && (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
          <p className="font-semibold">Payment received — thank you.</p>
          <p className="mt-1 text-sm">
            What each item did is below; a receipt is on its way by email.{' '}
            {listingIds.map((id) => (
              <Link key={id} href={`/account/listings/${id}`} className="mr-3 font-semibold underline">
                {listingIds.length === 1 ? 'Back to the listing' : `Listing #${id}`}
              </Link>
            ))}
          </p>
        </div>
      )}
      <Card title="Items">
        <OrderSummary order={order} fulfilment />
      </Card>
      <Card title="Billed to">
        <PartyDetails
          rows={[
            ['Name or company', b.name],
            ['Country', b.country ? countryName(b.country) : null],
            ['Address', b.address],
            ['VAT number', b.vat_number],
          ]}
        />
      </Card>
      <Card title="Sold by">
        <PartyDetails
          testId="seller"
          rows={[
            ['Seller', seller.name ?? 'The operator of this site'],
            ['Country', countryName(seller.country)],
            ['Address', seller.addressLines.join('\n')],
            ['VAT number', seller.vatId],
          ]}
        />
      </Card>
      {order.status === 'pending' && (
        <Link href={`/checkout/${order.number}`} className={buttonClass('primary', 'md')}>
          Go to checkout
        </Link>
      )}
    </div>
  );
}
