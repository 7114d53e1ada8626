import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ListingList, ListingRow } from '@/components/directory/listing-row';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination, pageParam } from '@/components/directory/pagination';
import { cachedCategories, cachedSearch } from '@/lib/directory/cached';
import { SEARCH_MAX_RESULTS, type SearchSort } from '@/lib/listings/search';
import { buttonClass } from '@/components/ui/button';
import { FeaturedListings } from '@/components/orders/featured-listings';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ page?: string; sort?: string }> };
const PER_PAGE = 20;

async function findCategory(slug: string) {
  return (await cachedCategories()).find((c) => c.slug === slug) ?? null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const c = await findCategory((await params).slug);
  return c
    ? {
        title: `${c.name} products`,
        description: c.description || undefined,
        alternates: { canonical: `/c/${c.slug}` },
      }
    : { title: 'Not found' };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const category = await findCategory((await params).slug);
  if (!category) notFound();
  const sp = await searchParams;
  const sort: SearchSort = sp.sort === 'newest' ? 'newest' : 'votes';
  // Results past the SEARCH_MAX_RESULTS-th are not served: a deeper page shows the last one served.
  const page = pageParam(sp.page, SEARCH_MAX_RESULTS / PER_PAGE);
  const { rows, total } = await cachedSearch({ category: category.slug, sort, page, per_page: PER_PAGE });
  const tab = (active: boolean) => buttonClass(active ? 'neutral' : 'ghost', 'sm');
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link href="/categories" className="text-brand-700 hover:underline">
            Categories
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{category.name}</h1>
        {category.description && <p className="text-stone-600">{category.description}</p>}
      </div>
      {page === 1 && <FeaturedListings category={category.slug} name={category.name} />}
      <nav aria-label="Sort" className="flex gap-1">
        <Link href={`/c/${category.slug}`} className={tab(sort === 'votes')}>
          Most votes
        </Link>
        <Link href={`/c/${category.slug}?sort=newest`} className={tab(sort === 'newest')}>
          Newest
        </Link>
      </nav>
      {rows.length ? (
        <ListingList label={category.name}>
          {rows.map((l, i) => (
            <ListingRow key={l.id} listing={l} rank={(page - 1) * PER_PAGE + i + 1} />
          ))}
        </ListingList>
      ) : total > 0 ? (
        <EmptyState>This page is past the last one.</EmptyState>
      ) : (
        <EmptyState>No live products in this category yet.</EmptyState>
      )}
      <Pagination
        page={page}
        perPage={PER_PAGE}
        total={total}
        basePath={`/c/${category.slug}`}
        params={{ sort: sort === 'newest' ? 'newest' : undefined }}
      />
    </div>
  );
}
