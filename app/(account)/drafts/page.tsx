// My drafts: every product submitted by URL, with its status and how complete it is.
import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { listDrafts } from '@/lib/drafts/queries';
import type { DraftSummary } from '@/lib/drafts/types';
import { AccountShell } from '@/components/account/account-shell';
import { AutoRefresh } from '@/components/drafts/auto-refresh';
import { FAILURE_COPY, hostOf } from '@/components/drafts/labels';
import { exactTime, relativeTime } from '@/components/relative-time';
import { Pagination } from '@/components/directory/pagination';
import { badgeClass, type BadgeTone } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { siteNow } from '@/lib/time/clock';

export const metadata: Metadata = { title: 'My drafts' };
export const dynamic = 'force-dynamic';

const PER_PAGE = 20;

const STATUS: Record<DraftSummary['status'], { label: string; tone: BadgeTone }> = {
  crawling: { label: 'Reading site', tone: 'info' },
  drafting: { label: 'Drafting', tone: 'info' },
  ready: { label: 'Ready to edit', tone: 'brand' },
  failed: { label: 'Failed', tone: 'danger' },
  submitted: { label: 'Submitted', tone: 'success' },
};

function DraftRow({ d, now }: { d: DraftSummary; now: Date }) {
  const building = d.status === 'crawling' || d.status === 'drafting';
  const s = STATUS[d.status];
  return (
    <li>
      <Link
        href={`/drafts/${d.id}`}
        className="flex flex-col gap-3 p-4 hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:-outline-offset-2 sm:flex-row sm:items-center sm:gap-6"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-stone-900">{d.name ?? hostOf(d.url)}</span>
            <span className={badgeClass(s.tone)}>{s.label}</span>
            {d.listing_id !== null && <span className="text-xs text-stone-500">Listing #{d.listing_id}</span>}
          </div>
          <p className="mt-0.5 truncate text-sm text-stone-500">{d.url}</p>
          {d.status === 'failed' && d.failure_reason && (
            <p className="mt-1 text-sm text-red-700">{FAILURE_COPY[d.failure_reason].title}</p>
          )}
        </div>
        <div className="flex items-center gap-4 sm:w-64 sm:shrink-0">
          {d.status === 'failed' ? (
            // A draft that could not be built has nothing complete to show: what to do instead.
            <span className="min-w-0 flex-1 text-xs text-stone-600">Open it to try again</span>
          ) : (
            <div className="min-w-0 flex-1">
              <div className="flex justify-between text-xs text-stone-500">
                <span>{building ? 'Building' : 'Complete'}</span>
                <span className="tabular-nums">{building ? d.progress_percent : d.completeness}%</span>
              </div>
              <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-stone-100">
                <div
                  className={`h-full rounded-full ${building ? 'bg-sky-500' : 'bg-brand-500'}`}
                  style={{ width: `${building ? d.progress_percent : d.completeness}%` }}
                />
              </div>
            </div>
          )}
          <time
            dateTime={d.updated_at}
            title={exactTime(new Date(d.updated_at))}
            className="w-20 shrink-0 text-right text-xs text-stone-500"
          >
            {relativeTime(new Date(d.updated_at), now)}
          </time>
        </div>
      </Link>
    </li>
  );
}

export default async function DraftsPage({
  searchParams,
}: {
  searchParams: Promise<{ page?: string; removed?: string }>;
}) {
  const user = await requireUser('/drafts');
  const sp = await searchParams;
  const page = Math.max(1, Math.min(1000, Number(sp.page) || 1));
  const result = await listDrafts(await getDb(), user.id, { page, per_page: PER_PAGE });
  const now = siteNow();
  return (
    <AccountShell>
      <div className="space-y-6">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">My drafts</h1>
            <p className="mt-1 text-sm text-stone-600">
              Products you submitted by URL. Open one to edit it and submit it as a listing.
            </p>
          </div>
          <Link href="/submit" className={buttonClass()}>
            Submit a product
          </Link>
        </header>
        {sp.removed === '1' && (
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm font-medium text-emerald-900"
          >
            The failed draft was removed from your drafts.
          </p>
        )}
        {result.items.length === 0 ? (
          <EmptyState
            title="No drafts yet"
            action={
              <Link href="/submit" className={buttonClass()}>
                Submit your first product
              </Link>
            }
          >
            Give us your product&apos;s website and we&apos;ll draft the listing from what it says, quoting every value.
          </EmptyState>
        ) : (
          <ul className={`divide-y divide-stone-100 overflow-hidden ${cardClass}`}>
            {result.items.map((d) => (
              <DraftRow key={d.id} d={d} now={now} />
            ))}
          </ul>
        )}
        {result.items.some((d) => d.status === 'crawling' || d.status === 'drafting') && <AutoRefresh />}
        {result.total > PER_PAGE && (
          <Pagination page={page} perPage={PER_PAGE} total={result.total} basePath="/drafts" />
        )}
      </div>
    </AccountShell>
  );
}
