import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination, pageParam } from '@/components/directory/pagination';
import { UpdateCard } from '@/components/directory/update-card';
import { cachedUpdates } from '@/lib/directory/cached';
import { FEED_LINKS } from '@/lib/directory/feeds';
import { cardClass } from '@/components/ui/card';

export const metadata: Metadata = {
  title: 'Latest updates',
  alternates: { canonical: '/updates', types: FEED_LINKS },
};

export default async function UpdatesPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const page = pageParam((await searchParams).page, 500);
  const { items, total } = await cachedUpdates(page, 20);
  return (
    <div className="mx-auto max-w-3xl space-y-6 wrap-anywhere">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Latest updates</h1>
          <p className="text-sm text-stone-500">What makers shipped lately.</p>
        </div>
        <a href="/feeds/updates.xml" className="text-sm font-medium text-brand-700 hover:underline">
          RSS feed
        </a>
      </div>
      {items.length ? (
        <div className={`divide-y divide-stone-100 ${cardClass}`}>
          {items.map((u) => (
            <UpdateCard key={u.id} update={u} level={2} />
          ))}
        </div>
      ) : (
        <EmptyState>{total > 0 ? `No more updates: there are ${total} in all.` : 'No updates yet.'}</EmptyState>
      )}
      <Pagination page={page} perPage={20} total={total} basePath="/updates" />
    </div>
  );
}
