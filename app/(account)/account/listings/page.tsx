// My listings: every listing the account manages (its own and co-owned ones), with status, plan and
// launch week, each linking to its page.
import type { Metadata } from 'next';
import { formatWeekName } from '@/lib/directory/format';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { listMyListings } from '@/lib/owner-listings/list';
import { publicBaseUrl } from '@/lib/site/site';
import { Pagination } from '@/components/directory/pagination';
import { PLAN_LABELS, statusInfo } from '@/components/owner-listings/status-labels';
import { badgeClass } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

export const metadata: Metadata = { title: 'My listings' };
export const dynamic = 'force-dynamic';

const PER_PAGE = 20;

export default async function MyListingsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const user = await requireUser('/account/listings');
  const page = Math.max(1, Math.min(1000, Number((await searchParams).page) || 1));
  const result = await listMyListings(await getDb(), { baseUrl: publicBaseUrl() }, user.id, {
    page,
    per_page: PER_PAGE,
  });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">My listings</h1>
        <p className="mt-1 text-sm text-stone-600">
          Submitted products, on every site you list them. Open one to edit it, see its history and launch it.
        </p>
      </header>
      {result.items.length === 0 ? (
        <EmptyState
          title="No listings yet"
          action={
            <Link href="/drafts" className={buttonClass()}>
              My drafts
            </Link>
          }
        >
          A listing appears here once you submit a draft.
        </EmptyState>
      ) : (
        <ul className={`divide-y divide-stone-100 overflow-hidden ${cardClass}`} data-testid="my-listings">
          {result.items.map((l) => {
            const status = statusInfo(l.status);
            return (
              <li key={l.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-6">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      href={`/account/listings/${l.id}`}
                      className="font-semibold text-stone-900 underline-offset-2 hover:underline"
                    >
                      {l.name}
                    </Link>
                    <span className={badgeClass(status.tone)}>{status.label}</span>
                    <span className="text-xs text-stone-600">on {l.site_name}</span>
                  </div>
                  <p className="mt-0.5 truncate text-sm text-stone-600">{l.url}</p>
                </div>
                <dl className="grid shrink-0 grid-cols-2 gap-x-6 text-sm sm:w-72">
                  <div>
                    <dt className="text-xs text-stone-600">Plan</dt>
                    <dd className="text-stone-900">{PLAN_LABELS[l.plan] ?? l.plan}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-stone-600">Launch week</dt>
                    <dd className="text-stone-900">{l.launch_week ? formatWeekName(l.launch_week) : '—'}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {result.total > PER_PAGE && (
        <Pagination page={page} perPage={PER_PAGE} total={result.total} basePath="/account/listings" />
      )}
    </div>
  );
}
