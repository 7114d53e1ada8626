// Public listing search: full-text on the stored tsvector (GIN), the last word completed as a prefix
// while the visitor types, and spelling correction (./search-correction) when nothing matched. The
// common path, where the words match, is one SQL round trip. The same SQL runs on PGlite and PostgreSQL.
//
// Built for a million listings: nothing counts or ranks every match. `total` counts at most
// maxResults + 1 matches (exact up to maxResults, else capped and flagged), results past maxResults
// are refused, the votes/newest/name orders are read straight from partial indexes on live listings,
// and relevance ranks a bounded candidate set: the exact name matches plus the `candidates`
// most-voted other matches. Past that set the matches continue in votes order (a second statement,
// deep pages only). See docs/decisions.md.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories, listings } from '@/db/schema';
import { fieldError } from '@/lib/errors/app-error';
import { offsetOf } from '@/lib/pagination';
import { correctQuery } from './search-correction';
import { cleanQuery, splitPrefix } from './search-text';
import { listingIdRef, summaryColumns, type SummaryRow } from './summary';

export const SEARCH_SORTS = ['relevance', 'votes', 'newest', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Results served and counted at most; page × per_page beyond it is refused. */
export const SEARCH_MAX_RESULTS = 10_000;
/** How many of the most-voted matches relevance ranks (besides exact name matches). */
export const RELEVANCE_CANDIDATES = 1_000;

export type SearchLimits = { maxResults: number; candidates: number };
const LIMITS: SearchLimits = { maxResults: SEARCH_MAX_RESULTS, candidates: RELEVANCE_CANDIDATES };

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
  /** Matches, counted up to maxResults; more than that when `totalExact` is false (then total = maxResults). */
  total: number;
  totalExact: boolean;
  /** Set when no listing matched q and the results are for this corrected text instead. */
  correctedQuery?: string;
};

/** Refuses a page that reaches past the results served (422 naming `page`). */
export function assertWithinResultLimit(input: { page: number; per_page: number }, maxResults = SEARCH_MAX_RESULTS) {
  if (input.page * input.per_page > maxResults)
    throw fieldError(
      'page',
      `Only the first ${maxResults.toLocaleString('en-US')} results are served: page × per_page must be at most ${maxResults}. Narrow the search instead.`,
    );
}

/**
 * The page query for the shape of `input` (with or without words, a prefix, a category; the sort),
 * its values as placeholders filled by `searchValues` (bench/search.ts and bench/explain-search.ts run
 * the very same SQL through postgres.js). Each row carries the capped match count and, for relevance,
 * the number of exact name matches (where the votes-ordered continuation starts).
 */
export function searchQuery(db: DbOrTx, input: SearchInput) {
  const { filters, order, candidates, nameMatch } = searchParts(input);
  return db
    .select({
      ...summaryColumns,
      total: sql<number>`(select count(*) from (select from ${listings} where ${and(...filters)}
        limit ${sql.placeholder('countLimit')}) counted)`.mapWith(Number),
      nameMatches: (nameMatch
        ? sql<number>`(select count(*) from ${listings} where ${and(...filters, nameMatch)})`
        : sql<number>`0`
      ).mapWith(Number),
    })
    .from(listings)
    .where(candidates ? sql`${listingIdRef} in (${candidates})` : and(...filters))
    .orderBy(...order, sql`${listings.id} asc`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** The values of the placeholders in searchQuery. */
export function searchValues(
  input: SearchInput,
  limits: SearchLimits = LIMITS,
  categoryIds: number[] = [],
): Record<string, unknown> {
  const q = cleanQuery(input.q);
  const { head, prefix } = splitPrefix(q);
  return {
    q,
    head,
    prefix: prefix ? `'${prefix}':*` : undefined,
    categoryIds,
    limit: input.per_page,
    offset: offsetOf(input),
    countLimit: limits.maxResults + 1,
    candidates: limits.candidates,
  };
}

type PreparedSearch = ReturnType<ReturnType<typeof searchQuery>['prepare']>;
const prepared = new WeakMap<DbOrTx, Map<string, PreparedSearch>>();

/** The page query of this shape, composed once per database handle: a search pays for running it, not for composing it. */
function preparedSearch(db: DbOrTx, input: SearchInput): PreparedSearch {
  const key = shapeOf(input).join(':');
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  let query = byShape.get(key);
  if (!query) byShape.set(key, (query = searchQuery(db, input).prepare(`search_listings_${key.replace(/:/g, '_')}`)));
  return query;
}

function shapeOf(input: SearchInput): string[] {
  const q = cleanQuery(input.q);
  return [q ? 'q' : '', splitPrefix(q).prefix ? 'prefix' : '', input.category ? 'category' : '', input.sort ?? ''];
}

/**
 * Searches; when nothing matches q, corrects the words that match no live listing and searches again
 * (two more round trips, only then). The correction is kept only if the corrected text finds something.
 */
export async function searchListings(
  db: DbOrTx,
  input: SearchInput,
  limits: SearchLimits = LIMITS,
): Promise<SearchResult> {
  assertWithinResultLimit(input, limits.maxResults);
  const categoryIds = input.category ? await categoryIdsOf(db, input.category) : [];
  if (input.category && categoryIds.length === 0) return { rows: [], total: 0, totalExact: true };
  const found = await runSearch(db, input, limits, categoryIds);
  const q = cleanQuery(input.q);
  if (found.total > 0 || !q || input.exact) return found;
  const corrected = await correctQuery(db, q, { searchMissed: !input.category });
  if (!corrected) return found;
  const again = await runSearch(db, { ...input, q: corrected }, limits, categoryIds);
  return again.total > 0 ? { ...again, correctedQuery: corrected } : found;
}

type PageRow = SummaryRow & { total: number; nameMatches: number };

/** The categories whose slug or name (any case) is `category`. */
export async function categoryIdsOf(db: DbOrTx, category: string): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.slug, category), sql`lower(${categories.name}) = lower(${category})`));
  return rows.map((r) => r.id);
}

async function runSearch(
  db: DbOrTx,
  input: SearchInput,
  limits: SearchLimits,
  categoryIds: number[],
): Promise<SearchResult> {
  const values = searchValues(input, limits, categoryIds);
  const found: PageRow[] = await preparedSearch(db, input).execute(values);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && input.page > 1) total = await countMatches(db, input, values);
  let rows: SummaryRow[] = found.map(withoutCounts);
  const offset = offsetOf(input);
  if (isRelevance(input) && rows.length < input.per_page && total > offset + rows.length) {
    // Past the ranked candidates: the other matches, most voted first.
    const nameMatches = found[0]?.nameMatches ?? (await countNameMatches(db, input, values));
    const skip = offset + rows.length - nameMatches;
    rows = [...rows, ...(await votesContinuation(db, input, values, skip, input.per_page - rows.length))];
  }
  const capped = total > limits.maxResults;
  return { rows, total: capped ? limits.maxResults : total, totalExact: !capped };
}

function withoutCounts({ total: _t, nameMatches: _n, ...row }: PageRow): SummaryRow {
  return row;
}

async function countMatches(db: DbOrTx, input: SearchInput, values: Record<string, unknown>): Promise<number> {
  const { filters } = searchParts(input);
  const [c] = await db
    .select({
      n: sql<number>`(select count(*) from (select from ${listings} where ${and(...filters)}
        limit ${sql.placeholder('countLimit')}) counted)`.mapWith(Number),
    })
    .from(sql`(select 1) one`)
    .execute(values);
  return c?.n ?? 0;
}

async function countNameMatches(db: DbOrTx, input: SearchInput, values: Record<string, unknown>): Promise<number> {
  const { filters, nameMatch } = searchParts(input);
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(listings)
    .where(and(...filters, nameMatch))
    .execute(values);
  return c?.n ?? 0;
}

/** `count` of the matches that are not exact name matches, most voted first, from `skip` on (relevance past its candidates). */
async function votesContinuation(
  db: DbOrTx,
  input: SearchInput,
  values: Record<string, unknown>,
  skip: number,
  count: number,
): Promise<SummaryRow[]> {
  const { filters, nameMatch } = searchParts(input);
  return db
    .select(summaryColumns)
    .from(listings)
    .where(and(...filters, sql`not (${nameMatch})`))
    .orderBy(sql`${listings.votesCount} desc nulls last`, sql`${listings.id} asc`)
    .limit(count)
    .offset(Math.max(0, skip))
    .execute(values);
}

function isRelevance(input: SearchInput): boolean {
  return Boolean(cleanQuery(input.q)) && (input.sort ?? 'relevance') === 'relevance';
}

/** The status filter as a literal, so the partial indexes on live listings apply to every plan. */
const live = sql`${listings.status} = 'live'`;

/**
 * The filters and order of a search, the values as placeholders (searchValues). For relevance also the
 * candidate set (exact name matches and the most-voted other matches) and the exact-name condition.
 */
function searchParts(input: SearchInput): { filters: SQL[]; order: SQL[]; candidates?: SQL; nameMatch?: SQL } {
  const q = cleanQuery(input.q);
  const filters: SQL[] = [live];
  if (input.category) {
    // The category's ids, resolved beforehand (searchValues): a value the planner can look up in its
    // statistics, where a subquery on categories would leave it guessing the category's size.
    filters.push(sql`exists (select 1 from listing_categories lc where lc.listing_id = ${listingIdRef}
      and lc.category_id = any(${sql.placeholder('categoryIds')}::int[]))`);
  }
  // The words as typed (`exact`), and what is matched: the same with the last word as a prefix
  // ("ledg" finds Ledgerly), so results appear while the visitor is still typing.
  const exact = sql`websearch_to_tsquery('english', ${sql.placeholder('q')})`;
  const prefix = splitPrefix(q).prefix;
  const tsq = prefix
    ? sql`(websearch_to_tsquery('english', ${sql.placeholder('head')}) && to_tsquery('english', ${sql.placeholder('prefix')}))`
    : exact;
  if (q) filters.push(sql`${listings.search} @@ ${tsq}`);
  const votes = sql`${listings.votesCount} desc nulls last`;
  const sort: SearchSort = input.sort ?? (q ? 'relevance' : 'votes');
  if (sort === 'relevance' && q) {
    const nameMatch = sql`lower(${listings.name}) = lower(${sql.placeholder('q')})`;
    const candidates = sql`select ${listingIdRef} from ${listings} where ${and(...filters, nameMatch)}
      union all
      (select ${listingIdRef} from ${listings} where ${and(...filters, sql`not (${nameMatch})`)}
        order by ${votes}, ${listings.id} asc limit ${sql.placeholder('candidates')})`;
    const order = [
      sql`(${nameMatch}) desc`,
      ...(prefix ? [sql`(${listings.search} @@ ${exact}) desc`] : []), // whole-word hits before completions
      sql`ts_rank(${listings.search}, ${tsq}) desc`,
      votes,
    ];
    return { filters, order, candidates, nameMatch };
  }
  const order: SQL[] = {
    relevance: [votes],
    votes: [votes],
    newest: [sql`coalesce(${listings.launchedAt}, ${listings.createdAt}) desc nulls last`],
    name: [sql`lower(${listings.name}) asc`],
  }[sort];
  return { filters, order };
}
