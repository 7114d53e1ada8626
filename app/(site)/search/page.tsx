import type { Metadata } from 'next';
import Link from 'next/link';
import { ListingList, ListingRow } from '@/components/directory/listing-row';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination, pageParam, stringParam } from '@/components/directory/pagination';
import { SearchBusy } from '@/components/directory/search-busy';
import { UrlForm } from '@/components/directory/url-form';
import { cachedCategories, cachedSearch } from '@/lib/directory/cached';
import { isServiceBusy } from '@/lib/errors/problem';
import { markRenderStatus } from '@/lib/cache/page-renders';
import { formatCount } from '@/lib/directory/format';
import { AppError } from '@/lib/errors/app-error';
import { SEARCH_MAX_RESULTS, SEARCH_SORTS, UNKNOWN_CATEGORY, type SearchSort } from '@/lib/listings/search';
import { cleanQuery, nameWords, queryWords } from '@/lib/listings/search-text';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { inputClass } from '@/components/ui/field';

type Params = Record<string, string | string[] | undefined>;
type Found = Awaited<ReturnType<typeof cachedSearch>>;
const NOTHING_FOUND: Found = { rows: [], total: 0, totalExact: true };

/** The query of this search page (for its "try again" link). */
function searchParamsOf(p: { q?: string; category?: string; sort?: string; page: number; exact: boolean }) {
  const params = new URLSearchParams();
  if (p.q) params.set('q', p.q);
  if (p.category) params.set('category', p.category);
  if (p.sort) params.set('sort', p.sort);
  if (p.page > 1) params.set('page', String(p.page));
  if (p.exact) params.set('exact', '1');
  return params;
}

/**
 * The search, null while the database protects itself (a statement timeout, every search slot taken),
 * or 'no such category' for a category filter that names none (an old or mistyped link).
 */
async function searchUnlessBusy(input: Parameters<typeof cachedSearch>[0]): Promise<Found | null | 'no such category'> {
  try {
    return await cachedSearch(input);
  } catch (err) {
    if (isServiceBusy(err)) return null;
    if (err instanceof AppError && err.message === UNKNOWN_CATEGORY) return 'no such category';
    throw err;
  }
}
const PER_PAGE = 20;

/** What to try when nothing matched, for the search that was made. */
function nothingFound(p: { q?: string; category?: string; namedCategory?: string }): string {
  if (!p.q) return p.category ? 'No products in this category yet.' : 'No products are listed yet.';
  if (p.namedCategory)
    return `No product’s name, headline or description holds these words: the ${p.namedCategory} link above lists that category.`;
  const tries = [
    p.q.trim().length < 3 ? 'a longer word, or the product’s name' : null,
    queryWords(p.q).length > 1 ? 'fewer words' : null,
    p.category ? 'another category' : null,
  ].filter(Boolean);
  return `No products match. Try ${tries.length ? tries.join(', or ') : 'another word, or check its spelling'}.`;
}
/** Whether the words typed name this category ("ai", "AI", "developer tools", "developer-tools"). */
const sameName = (q: string, name: string) =>
  q
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, ' ') === name.toLowerCase().replace(/[\s-]+/g, ' ');
const sortLabels: Record<SearchSort, string> = {
  relevance: 'Best match',
  votes: 'Most votes',
  newest: 'Newest',
  name: 'Name (A–Z)',
};

export async function generateMetadata({ searchParams }: { searchParams: Promise<Params> }): Promise<Metadata> {
  const q = cleanQuery(stringParam((await searchParams).q)) || undefined;
  return { title: q ? `“${q}”: search` : 'Browse products', alternates: { canonical: '/search' } };
}

export default async function SearchPage({ searchParams }: { searchParams: Promise<Params> }) {
  const sp = await searchParams;
  // Text with no word in it (`""`, `-`) lists as no text does, and says so as no text does.
  const typed = stringParam(sp.q)?.trim();
  const q = cleanQuery(typed) || undefined;
  const category = stringParam(sp.category, 100);
  const sortRaw = stringParam(sp.sort, 20);
  const sort = (SEARCH_SORTS as readonly string[]).includes(sortRaw ?? '') ? (sortRaw as SearchSort) : undefined;
  // The sort the empty choice stands for: listed once, as that choice.
  const defaultSort: SearchSort = q ? 'relevance' : 'votes';
  // Results past the SEARCH_MAX_RESULTS-th are not served: a deeper page shows the last one served.
  const page = Math.min(pageParam(sp.page), SEARCH_MAX_RESULTS / PER_PAGE);
  // `exact=1`: the "search instead for" link, the words as typed without spelling correction.
  const exact = ['1', 'true'].includes(stringParam(sp.exact, 5) ?? '');
  const [categories, searched] = await Promise.all([
    cachedCategories(),
    searchUnlessBusy({ q, category, sort, page, per_page: PER_PAGE, ...(exact ? { exact } : {}) }),
  ]);
  const noSuchCategory = searched === 'no such category';
  // A search for a category's name ("ai") finds the listings whose words hold it; the category has them
  // all. One word of a name ("sales": Sales & Support) points there too.
  const namedCategory =
    q && !category
      ? (categories.find((c) => sameName(q, c.name) || sameName(q, c.slug)) ??
        categories.find((c) => nameWords(c.name).includes(q.trim().toLowerCase())))
      : undefined;
  // A category given by its name (as the API allows) is chosen in the form by its slug.
  const chosenCategory = category
    ? categories.find((c) => c.slug === category || c.name.toLowerCase() === category.toLowerCase())
    : undefined;
  const found = noSuchCategory ? NOTHING_FOUND : searched;
  if (!found) await markRenderStatus(503); // busy: answered 503 with Retry-After, never kept
  const { rows, total, totalExact, correctedQuery } = found ?? NOTHING_FOUND;
  const exactHref = `/search?${new URLSearchParams({ q: q ?? '', ...(category ? { category } : {}), ...(sort ? { sort } : {}), exact: '1' })}`;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Browse products</h1>
        <p className="text-sm text-stone-600">Search every live product by name, headline and description.</p>
      </div>
      <UrlForm
        key={`${q ?? typed}|${category}|${sort}`} // a client navigation to another search remounts the fields too
        action="/search"
        role="search"
        aria-label="Products"
        className={`grid grid-cols-2 gap-2 p-3 sm:grid-cols-[1fr_180px_150px_auto] ${cardClass}`}
      >
        <label className="sr-only" htmlFor="q">
          Search
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q ?? typed}
          placeholder="Search products, e.g. analytics"
          className={`${inputClass} col-span-2 sm:col-span-1`}
          maxLength={200}
        />
        <label className="sr-only" htmlFor="category">
          Category
        </label>
        <select
          id="category"
          name="category"
          defaultValue={chosenCategory?.slug ?? category ?? ''}
          className={inputClass}
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="sort">
          Sort
        </label>
        <select id="sort" name="sort" defaultValue={sort === defaultSort ? '' : (sort ?? '')} className={inputClass}>
          <option value="">{sortLabels[defaultSort]}</option>
          {SEARCH_SORTS.filter((s) => s !== defaultSort && (s !== 'relevance' || q)).map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </select>
        <Button type="submit" variant="neutral" className="col-span-2 sm:col-span-1">
          Search
        </Button>
      </UrlForm>
      {typed && !q && (
        <p className="text-sm wrap-anywhere text-stone-700" data-testid="search-no-words">
          “{typed}” has no letter or digit to search for, so every product is listed.
        </p>
      )}
      {correctedQuery && (
        <p
          className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm wrap-anywhere text-stone-800"
          data-testid="search-correction"
        >
          Showing results for <strong className="font-semibold">{correctedQuery}</strong> — search instead for{' '}
          <Link
            href={exactHref}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-stone-900"
          >
            {q}
          </Link>
        </p>
      )}
      {namedCategory && namedCategory.listingCount > 0 && (
        <p className="text-sm text-stone-700" data-testid="search-category">
          <Link
            href={`/c/${namedCategory.slug}`}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-stone-900"
          >
            All {formatCount(namedCategory.listingCount, 'product')} in {namedCategory.name} →
          </Link>
        </p>
      )}
      {noSuchCategory ? (
        <EmptyState>
          <span className="wrap-anywhere">{`There is no category “${category}”.`}</span> Choose one from the list above,
          or{' '}
          <Link href="/categories" className="font-medium text-brand-700 underline underline-offset-2">
            browse the categories
          </Link>
          .
        </EmptyState>
      ) : found ? (
        <>
          <p className="text-sm wrap-anywhere text-stone-500" aria-live="polite">
            {total.toLocaleString('en-US')}
            {totalExact ? '' : '+'} {total === 1 ? 'product' : 'products'}
            {(correctedQuery ?? q) && <> for “{correctedQuery ?? q}”</>}
            {category && <> in {chosenCategory?.name ?? category}</>}
          </p>
          {rows.length ? (
            <ListingList label="Search results">
              {rows.map((l, i) => (
                <ListingRow key={l.id} listing={l} rank={(page - 1) * PER_PAGE + i + 1} />
              ))}
            </ListingList>
          ) : total > 0 ? (
            <EmptyState>This page is past the last one.</EmptyState>
          ) : (
            <EmptyState>{nothingFound({ q, category, namedCategory: namedCategory?.name })}</EmptyState>
          )}
          <Pagination
            page={page}
            perPage={PER_PAGE}
            total={total}
            basePath="/search"
            params={{ q, category, sort, exact: exact ? '1' : undefined }}
          />
        </>
      ) : (
        <SearchBusy retryHref={`/search?${searchParamsOf({ q, category, sort, page, exact })}`} />
      )}
    </div>
  );
}
