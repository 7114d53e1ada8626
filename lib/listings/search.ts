// Public listing search: full-text on the stored tsvector (GIN), the last word completed as a prefix
// while the visitor types, and spelling correction (./search-correction) when nothing matched. The
// common path, where the words match, is one SQL round trip. The same SQL runs on PGlite and PostgreSQL.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_STATUS } from '@/db/schema';
import { offsetOf } from '@/lib/pagination';
import { correctQuery } from './search-correction';
import { cleanQuery, splitPrefix } from './search-text';
import { listingIdRef, summaryColumns, type SummaryRow } from './summary';

export const SEARCH_SORTS = ['relevance', 'votes', 'newest', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export type SearchInput = {
  q?: string;
  category?: string;
  sort?: SearchSort;
  page: number;
  per_page: number;
  /** Search the words as typed: no spelling correction. */
  exact?: boolean;
};

export type SearchResult = {
  rows: SummaryRow[];
  total: number;
  /** Set when no listing matched q and the results are for this corrected text instead. */
  correctedQuery?: string;
};

/**
 * The page query for the shape of `input` (with or without words, a prefix, a category; the sort),
 * its values as placeholders filled by `searchValues` (bench/search.ts runs the very same SQL through
 * postgres.js).
 */
export function searchQuery(db: DbOrTx, input: SearchInput) {
  const { filters, order } = searchParts(input);
  return db
    .select({ ...summaryColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(listings)
    .where(and(...filters))
    .orderBy(...order, sql`${listings.id} asc`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** The values of the placeholders in searchQuery. */
export function searchValues(input: SearchInput): Record<string, unknown> {
  const q = cleanQuery(input.q);
  const { head, prefix } = splitPrefix(q);
  return {
    q,
    head,
    prefix: prefix ? `'${prefix}':*` : undefined,
    category: input.category,
    limit: input.per_page,
    offset: offsetOf(input),
  };
}

type PreparedSearch = ReturnType<ReturnType<typeof searchQuery>['prepare']>;
const prepared = new WeakMap<DbOrTx, Map<string, PreparedSearch>>();

/** The page query of this shape, composed once per database handle: a search pays for running it, not for composing it. */
function preparedSearch(db: DbOrTx, input: SearchInput): PreparedSearch {
  const q = cleanQuery(input.q);
  const shape = [
    q ? 'q' : '',
    splitPrefix(q).prefix ? 'prefix' : '',
    input.category ? 'category' : '',
    input.sort ?? '',
  ];
  const key = shape.join(':');
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  let query = byShape.get(key);
  if (!query) byShape.set(key, (query = searchQuery(db, input).prepare(`search_listings_${shape.join('_')}`)));
  return query;
}

/**
 * Searches; when nothing matches q, corrects the words that match no live listing and searches again
 * (two more round trips, only then). The correction is kept only if the corrected text finds something.
 */
export async function searchListings(db: DbOrTx, input: SearchInput): Promise<SearchResult> {
  const found = await runSearch(db, input);
  const q = cleanQuery(input.q);
  if (found.total > 0 || !q || input.exact) return found;
  const corrected = await correctQuery(db, q, { searchMissed: !input.category });
  if (!corrected) return found;
  const again = await runSearch(db, { ...input, q: corrected });
  return again.total > 0 ? { ...again, correctedQuery: corrected } : found;
}

async function runSearch(db: DbOrTx, input: SearchInput): Promise<SearchResult> {
  const values = searchValues(input);
  const rows = await preparedSearch(db, input).execute(values);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listings)
      .where(and(...searchParts(input).filters))
      .execute(values);
    total = c?.n ?? 0;
  }
  return { rows, total };
}

/** The filters and order of a search, the values as placeholders (searchValues). */
function searchParts(input: SearchInput): { filters: SQL[]; order: SQL[] } {
  const q = cleanQuery(input.q);
  const filters: SQL[] = [eq(listings.status, LISTING_STATUS.live)];
  if (input.category) {
    const category = sql.placeholder('category');
    filters.push(sql`exists (select 1 from listing_categories lc join categories c on c.id = lc.category_id
      where lc.listing_id = ${listingIdRef} and (c.slug = ${category} or lower(c.name) = lower(${category})))`);
  }
  // The words as typed (`exact`), and what is matched: the same with the last word as a prefix
  // ("ledg" finds Ledgerly), so results appear while the visitor is still typing.
  const exact = sql`websearch_to_tsquery('english', ${sql.placeholder('q')})`;
  const prefix = splitPrefix(q).prefix;
  const tsq = prefix
    ? sql`(websearch_to_tsquery('english', ${sql.placeholder('head')}) && to_tsquery('english', ${sql.placeholder('prefix')}))`
    : exact;
  if (q) filters.push(sql`${listings.search} @@ ${tsq}`);
  const sort: SearchSort = input.sort ?? (q ? 'relevance' : 'votes');
  const order: SQL[] = {
    relevance: q
      ? [
          sql`(lower(${listings.name}) = lower(${sql.placeholder('q')})) desc`,
          ...(prefix ? [sql`(${listings.search} @@ ${exact}) desc`] : []), // whole-word hits before completions
          sql`ts_rank(${listings.search}, ${tsq}) desc`,
          sql`${listings.votesCount} desc`,
        ]
      : [sql`${listings.votesCount} desc`],
    votes: [sql`${listings.votesCount} desc`],
    newest: [sql`coalesce(${listings.launchedAt}, ${listings.createdAt}) desc`],
    name: [sql`lower(${listings.name}) asc`],
  }[sort];

  return { filters, order };
}
