// The site team's review of listing edits: every version, newest first, as before/after per field;
// filter by listing (id, name or slug) and to unreviewed ones; mark reviewed; revert one.
import type { Metadata } from 'next';
import Link from 'next/link';
import { EditCard } from '@/components/admin/edit-card';
import { Pagination, pageParam, stringParam } from '@/components/directory/pagination';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClass, labelClass } from '@/components/ui/field';
import { getDb } from '@/db/client';
import { listEdits } from '@/lib/admin/edits';
import { requireAdmin } from '@/lib/auth/admin';
import { getSite } from '@/lib/site/site';
import { siteNow } from '@/lib/time/clock';

export const metadata: Metadata = { title: 'Edits · Site team' };
export const dynamic = 'force-dynamic';

type Search = {
  listing?: string | string[];
  unreviewed?: string | string[];
  page?: string | string[];
  per_page?: string | string[];
};

function perPageParam(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 100) : 20;
}

export default async function AdminEditsPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdmin();
  const sp = await searchParams;
  const listing = stringParam(sp.listing, 100);
  const unreviewed = stringParam(sp.unreviewed) === '1';
  const page = pageParam(sp.page);
  const perPage = perPageParam(sp.per_page);
  const db = await getDb();
  const result = await listEdits(db, await getSite(db), { listing, unreviewed, page, per_page: perPage });
  const now = siteNow();
  const filtered = Boolean(listing || unreviewed);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Edits</h1>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          Every change to a listing is live at once and kept as a version. Review them here, newest first: mark one
          reviewed, or revert it (a revert is a new version of its own, and can be reverted too).
        </p>
      </header>
      <form method="get" action="/admin/edits" role="search" aria-label="Filter edits" className={`${cardClass} p-4`}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="edits-listing" className={labelClass}>
              Listing
            </label>
            <input
              id="edits-listing"
              name="listing"
              type="search"
              defaultValue={listing ?? ''}
              placeholder="Id, name or slug"
              className={`${inputClass} mt-1.5`}
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-stone-800 sm:pb-2">
            <input
              type="checkbox"
              name="unreviewed"
              value="1"
              defaultChecked={unreviewed}
              className="h-4 w-4 rounded border-stone-400 text-brand-600"
            />
            Only unreviewed
          </label>
          <Button type="submit" variant="neutral">
            Filter
          </Button>
        </div>
      </form>
      <p className="text-sm text-stone-600" aria-live="polite">
        {result.total.toLocaleString('en-US')} {result.total === 1 ? 'version' : 'versions'}
        {filtered && (
          <>
            {' '}
            ·{' '}
            <Link href="/admin/edits" className="font-medium text-brand-700 underline underline-offset-2">
              Show all
            </Link>
          </>
        )}
      </p>
      {result.items.length === 0 ? (
        <EmptyState>{filtered ? 'No version matches this filter.' : 'No listing has been edited yet.'}</EmptyState>
      ) : (
        <ol className="space-y-4" aria-label="Versions, newest first">
          {result.items.map((edit) => (
            <li key={edit.id}>
              <EditCard edit={edit} now={now} />
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        perPage={perPage}
        total={result.total}
        basePath="/admin/edits"
        params={{
          listing,
          unreviewed: unreviewed ? '1' : undefined,
          per_page: perPage !== 20 ? String(perPage) : undefined,
        }}
      />
    </div>
  );
}
