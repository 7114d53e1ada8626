// The buyer's orders, newest first, with status and total.
import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { cardClass } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { usd } from '@/lib/orders/money';
import { listMyOrders } from '@/lib/orders/view';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Orders', robots: { index: false } };

export default async function OrdersPage() {
  const user = await requireUser('/account/orders');
  const page = await listMyOrders(await getDb(), user.id, { page: 1, per_page: 100 });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      {page.items.length === 0 ? (
        <EmptyState title="No orders yet">Paid launches and extras you buy for your listings show up here.</EmptyState>
      ) : (
        <ul className={`divide-y divide-stone-100 ${cardClass}`}>
          {page.items.map((o) => (
            <li key={o.number} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <Link href={`/account/orders/${o.number}`} className="font-mono font-medium text-stone-900 underline">
                {o.number}
              </Link>
              <span className="text-sm text-stone-600">{o.lines.map((l) => l.name).join(', ')}</span>
              <span className="text-sm text-stone-800">
                {o.status} · {usd(o.total_cents)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
