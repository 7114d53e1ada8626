import type { Metadata } from 'next';
import Link from 'next/link';
import { cachedCategories } from '@/lib/directory/cached';
import { formatCount } from '@/lib/directory/format';
import { cardClass } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Categories', alternates: { canonical: '/categories' } };
export const dynamic = 'force-dynamic';

export default async function CategoriesPage() {
  const categories = await cachedCategories();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Categories</h1>
        <p className="text-sm text-stone-500">Browse live products by what they do.</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {categories.map((c) => (
          <li key={c.slug}>
            <Link
              href={`/c/${c.slug}`}
              className={`flex h-full flex-col p-4 transition hover:border-brand-500 hover:shadow-sm ${cardClass}`}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="font-semibold text-stone-900">{c.name}</span>
                <span className="text-xs text-stone-500 tabular-nums">{formatCount(c.listingCount, 'product')}</span>
              </span>
              {c.description && <span className="mt-1 text-sm text-stone-600">{c.description}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
