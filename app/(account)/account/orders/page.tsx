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
            <li key={o.number} className="grid gap-1 px-4 py-3 sm:grid-cols-[auto_1fr_auto] sm:items-baseline sm:gap-4">
              <Link href={`/account/orders/${o.number}`} className="font-mono font-medium text-stone-900 underline">
                {o.number}
              </Link>
              {/* What was bought and for which listing ("Milestones section · for Notiv"), so orders tell apart. */}
              <span className="min-w-0 text-sm break-words text-stone-700" data-testid="order-lines">
                {o.lines.map((l) => l.description).join('; ')}
              </span>
              <span className="text-sm text-stone-800 sm:text-right">
                <time dateTime={o.created_at}>{o.created_at.slice(0, 10)}</time> · {o.status} · {usd(o.total_cents)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
