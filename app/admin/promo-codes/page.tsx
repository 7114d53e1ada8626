// Site team: promo codes (code, percent or amount off, the products it applies to, start and end,
// maximum redemptions, once per account) and their redemptions. Admins only.
import type { Metadata } from 'next';
import { promoState } from '@/lib/orders/promo-state';
import { ActionForm } from '@/components/orders/admin/action-form';
import { Card } from '@/components/ui/card';
import { inputClass, labelClass } from '@/components/ui/field';
import { getDb } from '@/db/client';
import { createPromoAction, togglePromoAction } from '@/lib/actions/admin-orders';
import { requireAdmin } from '@/lib/auth/admin';
import { adminProducts, adminPromoCodes, promoRedemptionsOf } from '@/lib/orders/admin';
import { usd } from '@/lib/orders/money';
import { siteNow } from '@/lib/time/clock';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Promo codes', robots: { index: false } };

const day = (d: Date) => d.toISOString().slice(0, 10);
/** The days a code works ("from …", "until …", "… to …", "no dates"); the end is stored as the next day's start. */
function when(starts: Date | null, ends: Date | null): string {
  const last = ends && new Date(ends.getTime() - 1);
  if (starts && last) return `${day(starts)} to ${day(last)}`;
  if (starts) return `from ${day(starts)}`;
  if (last) return `until ${day(last)}`;
  return 'no dates';
}

export default async function AdminPromoCodesPage() {
  await requireAdmin();
  const db = await getDb();
  const [codes, products] = await Promise.all([adminPromoCodes(db), adminProducts(db)]);
  const redemptions = await Promise.all(codes.map((c) => promoRedemptionsOf(db, c.promo.id)));
  const now = siteNow();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Promo codes</h1>
      <Card title="New code">
        <ActionForm action={createPromoAction} submit="Create code" label="New promo code">
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor="promo-code" className={labelClass}>
                Code (matched exactly as typed)
              </label>
              <input id="promo-code" name="code" required maxLength={64} className={`${inputClass} mt-1.5`} />
            </div>
            <div>
              <label htmlFor="promo-kind" className={labelClass}>
                Kind
              </label>
              <select id="promo-kind" name="kind" className={`${inputClass} mt-1.5`}>
                <option value="percent">Percent off</option>
                <option value="amount">Amount off (cents)</option>
              </select>
            </div>
            <div>
              <label htmlFor="promo-value" className={labelClass}>
                Value (percent, or cents)
              </label>
              <input
                id="promo-value"
                name="value"
                type="number"
                min={0}
                step="any"
                required
                className={`${inputClass} mt-1.5`}
              />
            </div>
            <div>
              <label htmlFor="promo-start" className={labelClass}>
                Starts (UTC day, optional)
              </label>
              <input id="promo-start" name="starts_at" type="date" className={`${inputClass} mt-1.5`} />
            </div>
            <div>
              <label htmlFor="promo-end" className={labelClass}>
                Last day (UTC, included, optional)
              </label>
              <input id="promo-end" name="ends_at" type="date" className={`${inputClass} mt-1.5`} />
            </div>
            <div>
              <label htmlFor="promo-max" className={labelClass}>
                Maximum redemptions (optional)
              </label>
              <input id="promo-max" name="max_redemptions" type="number" min={1} className={`${inputClass} mt-1.5`} />
            </div>
          </div>
          <fieldset className="mt-4">
            <legend className="text-sm font-medium text-stone-800">Applies to (none ticked: every product)</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {products.map((p) => (
                <label key={p.key} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="product_keys" value={p.key} className="h-4 w-4 accent-brand-600" />
                  {p.name}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mt-4 flex items-center gap-2 text-sm">
            <input type="checkbox" name="once_per_account" defaultChecked className="h-4 w-4 accent-brand-600" />
            Once per account
          </label>
        </ActionForm>
      </Card>
      {codes.length === 0 && (
        <p className="text-sm text-stone-600">No promo codes yet: the first one made above shows here.</p>
      )}
      {codes.map(({ promo, redeemed, held }, i) => (
        // The code as it must be typed (the card's title style set it in capitals, and codes match exactly).
        <Card key={promo.id} title={<span className="font-mono normal-case">{promo.code}</span>}>
          <p className="text-sm text-stone-700">
            {promo.kind === 'percent' ? `${promo.value / 100}% off` : `${usd(promo.value)} off`} ·{' '}
            {promo.productKeys.length
              ? promo.productKeys.map((k) => products.find((p) => p.key === k)?.name ?? k).join(', ')
              : 'every product'}{' '}
            · {when(promo.startsAt, promo.endsAt)} · {redeemed} redeemed
            {held ? `, ${held} held by payments in progress` : ''}
            {promo.maxRedemptions !== null ? ` of ${promo.maxRedemptions}` : ''} ·{' '}
            {promo.oncePerAccount ? 'once per account' : 'repeatable'} · {promoState(promo, redeemed, siteNow())}
          </p>
          <ActionForm
            action={togglePromoAction}
            submit={promo.active ? `Switch ${promo.code} off` : `Switch ${promo.code} on`}
            variant="secondary"
          >
            <input type="hidden" name="id" value={promo.id} />
            <input type="hidden" name="active" value={promo.active ? '0' : '1'} />
          </ActionForm>
          {redemptions[i].length > 0 && (
            <ul className="mt-3 divide-y divide-stone-100 text-sm">
              {redemptions[i].map(({ r, orderNumber, email }) => (
                <li key={r.id} className="py-1.5">
                  <span className="font-mono">{orderNumber}</span> · {email ?? 'deleted account'} ·{' '}
                  {r.status === 'held' && r.heldUntil && r.heldUntil <= now ? 'hold expired (not counted)' : r.status} ·
                  −{usd(r.discountCents)} · {r.createdAt.toISOString().slice(0, 10)}
                </li>
              ))}
            </ul>
          )}
        </Card>
      ))}
    </div>
  );
}
