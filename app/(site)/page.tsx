import Link from 'next/link';
import { getDb } from '@/db/client';
import { searchListings } from '@/lib/listings/search';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const db = await getDb();
  const { rows } = await searchListings(db, { page: 1, per_page: 20 });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Top products</h1>
      <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {rows.map((l) => (
          <li key={l.id} className="flex items-center gap-4 p-4">
            <div className="min-w-0 flex-1">
              <Link href={`/p/${l.slug}`} className="font-semibold hover:underline">{l.name}</Link>
              <p className="truncate text-sm text-stone-600">{l.headline}</p>
            </div>
            <span className="text-sm tabular-nums text-stone-700">{l.votesCount} votes</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
