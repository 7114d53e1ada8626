// An order's lines and money, VAT broken down: the checkout page and the receipt show the same table.
import { usd } from '@/lib/orders/money';
import { countryName } from '@/lib/orders/countries';
import type { OrderView } from '@/lib/orders/view';

export function OrderSummary({ order, fulfilment = false }: { order: OrderView; fulfilment?: boolean }) {
  const v = order.vat;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Order {order.number}</caption>
        <thead>
          <tr className="border-b border-stone-200 text-left text-stone-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.position} className="border-b border-stone-100 align-top">
              <td className="py-2 pr-3">
                <span className="text-stone-900" data-testid={`line-${l.position}-description`}>
                  {l.description}
                </span>
                {fulfilment && (
                  <span className="mt-0.5 block text-xs text-stone-600" data-testid={`line-${l.position}-fulfilment`}>
                    {l.fulfilled
                      ? `Delivered ${l.fulfilled_at?.slice(0, 10)}: ${String(l.fulfilment?.summary ?? '')}` +
                        // A refund takes back what had not started (featured weeks to come); the line says so.
                        (order.status === 'refunded' && order.refunded_at
                          ? ` Refunded ${order.refunded_at.slice(0, 10)}${l.product === 'featured_week' ? ': featured weeks not started by then were cancelled' : ''}.`
                          : '')
                      : l.fulfilment
                        ? String(l.fulfilment.summary ?? 'Not delivered yet.')
                        : order.status === 'pending'
                          ? 'Delivered once paid.'
                          : `Not delivered: the order is ${order.status}.`}
                  </span>
                )}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">
                {l.quantity} × {usd(l.unit_cents)}
              </td>
              <td className="py-2 text-right tabular-nums">{usd(l.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="text-stone-700">
          <tr>
            <th scope="row" colSpan={2} className="pt-3 pr-3 text-right font-normal">
              Subtotal
            </th>
            <td className="pt-3 text-right tabular-nums">{usd(order.subtotal_cents)}</td>
          </tr>
          {order.promo && (
            <tr>
              <th scope="row" colSpan={2} className="pr-3 text-right font-normal">
                Promo code {order.promo.code}
              </th>
              <td className="text-right whitespace-nowrap tabular-nums">−{usd(order.promo.discount_cents)}</td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={2} className="pr-3 text-right font-normal">
              {v.reason === 'no_country' ? (
                // Not 0 %: the billing country decides the rate, and none is chosen yet.
                'VAT (by your billing country)'
              ) : (
                <>
                  VAT {v.rate_percent} %{v.country ? ` (${countryName(v.country)})` : ''}
                  {v.reverse_charge ? ', reverse charge' : ''}
                </>
              )}
            </th>
            <td className="text-right tabular-nums" data-testid="vat-amount">
              {v.reason === 'no_country' ? '—' : usd(v.amount_cents)}
            </td>
          </tr>
          <tr className="text-base font-semibold text-stone-900">
            <th scope="row" colSpan={2} className="pt-2 pr-3 text-right">
              Total (USD)
            </th>
            <td className="pt-2 text-right tabular-nums" data-testid="order-total">
              {usd(order.total_cents)}
            </td>
          </tr>
        </tfoot>
      </table>
      {/* The reverse-charge note is the legal mention below (with the VAT number): said once. */}
      {!v.reverse_charge && <p className="mt-3 text-xs text-stone-600">{v.note}</p>}
      {v.reverse_charge && (
        <p className="mt-3 text-xs font-medium text-stone-800" data-testid="reverse-charge">
          Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).
          {v.vat_number ? ` Customer VAT number: ${v.vat_number}.` : ''}
        </p>
      )}
      <p className="mt-1 text-xs text-stone-600">
        Seller established in {countryName(v.seller_country)}
        {v.seller_vat_id ? `, VAT ${v.seller_vat_id}` : ''}.
      </p>
    </div>
  );
}
