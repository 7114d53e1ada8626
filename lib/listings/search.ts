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

/** The page query (also used by bench/search.ts to run the very same SQL through postgres.js). */
export function searchQuery(db: DbOrTx, input: SearchInput) {
  const { filters, order } = searchParts(input);
  return db
    .select({ ...summaryColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(listings)
    .where(and(...filters))
    .orderBy(...order, sql`${listings.id} asc`)
    .limit(input.per_page)
    .offset(offsetOf(input));
}

/**
 * Searches; when nothing matches q, corrects the words that match no live listing and searches again
 * (two more round trips, only then). The correction is kept only if the corrected text finds something.
 */
export async function searchListings(db: DbOrTx, input: SearchInput): Promise<SearchResult> {
  const found = await runSearch(db, input);
  const q = cleanQuery(input.q);
  if (found.total > 0 || !q || input.exact) return found;
  const corrected = await correctQuery(db, q);
  if (!corrected) return found;
  const again = await runSearch(db, { ...input, q: corrected });
  return again.total > 0 ? { ...again, correctedQuery: corrected } : found;
}

async function runSearch(db: DbOrTx, input: SearchInput): Promise<SearchResult> {
  const rows = await searchQuery(db, input);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listings)
      .where(and(...searchParts(input).filters));
    total = c?.n ?? 0;
  }
  return { rows, total };
}

function searchParts(input: SearchInput): { filters: SQL[]; order: SQL[] } {
  const q = cleanQuery(input.q);
  const filters: SQL[] = [eq(listings.status, LISTING_STATUS.live)];
  if (input.category) {
    filters.push(sql`exists (select 1 from listing_categories lc join categories c on c.id = lc.category_id
      where lc.listing_id = ${listingIdRef} and (c.slug = ${input.category} or lower(c.name) = lower(${input.category})))`);
  }
  // The words as typed (`exact`), and what is matched: the same with the last word as a prefix
  // ("ledg" finds Ledgerly), so results appear while the visitor is still typing.
  const exact = sql`websearch_to_tsquery('english', ${q})`;
  const { head, prefix } = splitPrefix(q);
  const tsq = prefix
    ? sql`(websearch_to_tsquery('english', ${head}) && to_tsquery('english', ${`'${prefix}':*`}))`
    : exact;
  if (q) filters.push(sql`${listings.search} @@ ${tsq}`);
  const sort: SearchSort = input.sort ?? (q ? 'relevance' : 'votes');
  const order: SQL[] = {
    relevance: q
      ? [
          sql`(lower(${listings.name}) = lower(${q})) desc`,
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
