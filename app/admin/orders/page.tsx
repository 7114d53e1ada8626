// Site team: orders (search by number or buyer email, filter by status), the payment and its
// events, fulfilment per line, refund through the provider, run undelivered lines again. Admins only.
import { isPastExpiry } from '@/lib/orders/expiry';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ActionForm } from '@/components/orders/admin/action-form';
import { ConfirmDisclosure } from '@/components/ui/confirm-disclosure';
import { OrderSummary } from '@/components/orders/order-summary';
import { buttonClass } from '@/components/ui/button';
import { Card, cardClass } from '@/components/ui/card';
import { inputClass, labelClass } from '@/components/ui/field';
import { getDb } from '@/db/client';
import { ORDER_STATUSES, type OrderStatus } from '@/db/schema';
import { refundOrderAction, retryFulfilmentAction } from '@/lib/actions/admin-orders';
import { requireAdmin } from '@/lib/auth/admin';
import { adminOrder, searchOrders } from '@/lib/orders/admin';
import { usd } from '@/lib/orders/money';
import { sellerDetails } from '@/lib/orders/seller';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Orders (site team)', robots: { index: false } };

type Props = { searchParams: Promise<{ q?: string; status?: string; order?: string }> };

export default async function AdminOrdersPage({ searchParams }: Props) {
  await requireAdmin();
  const sp = await searchParams;
  const status = (ORDER_STATUSES as readonly string[]).includes(sp.status ?? '') ? (sp.status as OrderStatus) : '';
  const q = typeof sp.q === 'string' ? sp.q.slice(0, 100) : '';
  const db = await getDb();
  const rows = await searchOrders(db, { q, status });
  const selected = typeof sp.order === 'string' ? await adminOrder(db, sp.order) : null;
  const seller = sellerDetails();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      {!seller.name && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Receipts name no seller yet (“The operator of this site”, no address). An invoice must name who sells: set
          SELLER_NAME and SELLER_ADDRESS (and SELLER_COUNTRY, SELLER_VAT_ID) in the environment, as .env.example shows.
        </p>
      )}
      <form method="get" role="search" aria-label="Search orders" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="orders-q" className={labelClass}>
            Number or buyer email
          </label>
          <input id="orders-q" name="q" defaultValue={q} className={`${inputClass} mt-1.5`} />
        </div>
        <div>
          <label htmlFor="orders-status" className={labelClass}>
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={status} className={`${inputClass} mt-1.5`}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass('secondary', 'md')}>
          Search
        </button>
      </form>
      {selected && (
        <Card title={`Order ${selected.order.number}`}>
          <p className="mb-3 text-sm text-stone-700">
            {selected.view.status} · buyer {selected.email ?? 'deleted account'} · created{' '}
            {selected.order.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC
            {selected.order.paidAt
              ? ` · paid ${selected.order.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
              : ''}{' '}
            · {selected.order.provider ?? 'no payment yet'}
            {selected.order.paymentMethod ? ` (${selected.order.paymentMethod})` : ''}
            {selected.order.paymentRef ? ` · ${selected.order.paymentRef}` : ''}
          </p>
          {selected.order.status === 'refunded' && selected.view.refunded_at && (
            <p
              role="status"
              className="mb-3 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            >
              Refunded {usd(selected.view.refunded_cents)} on {selected.view.refunded_at.slice(0, 16).replace('T', ' ')}{' '}
              UTC through {selected.order.provider ?? 'the payment provider'}; the buyer was mailed.
            </p>
          )}
          <OrderSummary order={selected.view} fulfilment />
          <h3 className="mt-4 text-sm font-semibold text-stone-800">Payment events</h3>
          {selected.events.length === 0 && <p className="mt-1 text-sm text-stone-600">None yet.</p>}
          <ul className="mt-1 text-sm text-stone-700">
            {selected.events.map((e) => (
              <li key={e.id}>
                {e.createdAt.toISOString().slice(0, 16).replace('T', ' ')} · {e.provider} · {e.type} ·{' '}
                {e.outcome ?? 'not processed'}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-6">
            {selected.order.status === 'paid' && (
              <ConfirmDisclosure
                open={`Refund ${usd(selected.order.totalCents)}`}
                keep="Keep the payment"
                question={`Refund ${usd(selected.order.totalCents)} of order ${selected.order.number} to the buyer? There is no undo. What it delivered stays; featured weeks not started yet are cancelled.`}
              >
                <ActionForm action={refundOrderAction} submit="Yes, refund" variant="danger">
                  <input type="hidden" name="number" value={selected.order.number} />
                </ActionForm>
              </ConfirmDisclosure>
            )}
            {selected.order.status === 'paid' && selected.view.lines.some((l) => !l.fulfilled) && (
              <ActionForm action={retryFulfilmentAction} submit="Deliver the remaining lines" variant="secondary">
                <input type="hidden" name="number" value={selected.order.number} />
              </ActionForm>
            )}
          </div>
        </Card>
      )}
      <div className="overflow-x-auto">
        <table className={`w-full text-sm ${cardClass}`}>
          <caption className="sr-only">Orders</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-stone-600">
              <th scope="col" className="px-3 py-2 font-medium">
                Number
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Buyer
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Created
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ order, email }) => (
              <tr key={order.id} className="border-b border-stone-100">
                <td className="px-3 py-2 whitespace-nowrap">
                  <Link href={`/admin/orders?order=${order.number}`} className="font-mono underline">
                    {order.number}
                  </Link>
                </td>
                <td className="px-3 py-2">{email ?? '—'}</td>
                <td className="px-3 py-2">{isPastExpiry(order) ? 'expired' : order.status}</td>
                <td className="px-3 py-2 text-right tabular-nums">{usd(order.totalCents)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{order.createdAt.toISOString().slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="mt-3 text-sm text-stone-600">No orders match.</p>}
      </div>
    </div>
  );
}
