// Site team: products and prices (price in cents, active, option limits, weekly capacity); every
// change is kept with who and when. Admins only (404 for everyone else).
import type { Metadata } from 'next';
import { ActionForm } from '@/components/orders/admin/action-form';
import { Card } from '@/components/ui/card';
import { inputClass, labelClass } from '@/components/ui/field';
import { getDb } from '@/db/client';
import { updateProductAction } from '@/lib/actions/admin-orders';
import { requireAdmin } from '@/lib/auth/admin';
import { adminProducts, productHistory } from '@/lib/orders/admin';
import { usd } from '@/lib/orders/money';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Products and prices', robots: { index: false } };

export default async function AdminProductsPage() {
  await requireAdmin();
  const db = await getDb();
  const [rows, history] = await Promise.all([adminProducts(db), productHistory(db)]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Products and prices</h1>
        <p className="mt-1 text-sm text-stone-600">
          Prices are USD cents excluding VAT. A change applies to new quotes and checkouts at once; pending orders keep
          the price they were quoted.
        </p>
      </div>
      {rows.map((p) => (
        <Card key={p.id} title={`${p.name} (${p.key})`}>
          <ActionForm action={updateProductAction} submit={`Save ${p.name}`} label={`Edit ${p.name}`}>
            <input type="hidden" name="product_id" value={p.id} />
            <div className="grid gap-4 sm:grid-cols-3">
              <div>
                <label htmlFor={`price-${p.id}`} className={labelClass}>
                  Price in cents (now {usd(p.priceCents)})
                </label>
                <input
                  id={`price-${p.id}`}
                  name="price_cents"
                  type="number"
                  min={0}
                  step={1}
                  defaultValue={p.priceCents}
                  className={`${inputClass} mt-1.5`}
                />
              </div>
              <div>
                <label htmlFor={`capacity-${p.id}`} className={labelClass}>
                  Per-week capacity (empty: no limit)
                </label>
                <input
                  id={`capacity-${p.id}`}
                  name="week_capacity"
                  type="number"
                  min={1}
                  step={1}
                  defaultValue={p.weekCapacity ?? ''}
                  className={`${inputClass} mt-1.5`}
                />
              </div>
              <label className="flex items-center gap-2 self-end pb-2 text-sm text-stone-800">
                <input type="checkbox" name="active" defaultChecked={p.active} className="h-4 w-4 accent-brand-600" />
                For sale
              </label>
            </div>
            {p.options.some((o) => o.type.endsWith('_list')) && (
              <fieldset className="mt-4">
                <legend className="text-sm font-medium text-stone-800">Option limits</legend>
                <div className="mt-2 grid gap-4 sm:grid-cols-2">
                  {p.options
                    .filter((o) => o.type.endsWith('_list'))
                    .flatMap((o) =>
                      (['min', 'max'] as const).map((k) => (
                        <div key={`${o.name}-${k}`}>
                          <label htmlFor={`limit-${p.id}-${o.name}-${k}`} className={labelClass}>
                            {o.name}: {k === 'min' ? 'at least' : 'at most'}
                          </label>
                          <input
                            id={`limit-${p.id}-${o.name}-${k}`}
                            name={`limit:${o.name}:${k}`}
                            type="number"
                            min={0}
                            defaultValue={o[k] ?? ''}
                            className={`${inputClass} mt-1.5`}
                          />
                        </div>
                      )),
                    )}
                </div>
              </fieldset>
            )}
          </ActionForm>
        </Card>
      ))}
      <Card title="Change history">
        {history.length === 0 ? (
          <p className="text-sm text-stone-600">No changes yet.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {history.map(({ change, productKey, actorEmail }) => (
              <li key={change.id} className="py-2">
                <span className="font-medium">{productKey}</span> ·{' '}
                {change.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · {actorEmail ?? 'unknown'}
                <span className="block text-stone-600">
                  {Object.keys(change.after)
                    .map((k) => `${k}: ${JSON.stringify(change.before[k])} → ${JSON.stringify(change.after[k])}`)
                    .join('; ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
