// Public listing search: full-text on the stored tsvector (GIN), the last word completed as a prefix
// while the visitor types, and spelling correction (./search-correction) when nothing matched. The
// common path, where the words match, is one SQL round trip. The same SQL runs on PGlite and PostgreSQL.
//
// Built for a million listings: nothing counts or ranks every match. `total` counts at most
// maxResults + 1 matches (exact up to maxResults, else capped and flagged), results past maxResults
// are refused, the votes/newest/name orders are read straight from partial indexes on live listings,
// and relevance ranks a bounded candidate set: the exact name matches plus the `candidates`
// most-voted rows of the capped scan that `total` counts. Past that set the scanned matches continue
// in votes order. The page's ids come first; the card columns are read for those ids only.
// See docs/decisions.md.
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
/** How many of the most-voted scanned matches relevance ranks (besides exact name matches). */
export const RELEVANCE_CANDIDATES = 200;

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
 * the very same SQL through postgres.js). The page's ids are found first (a subquery ordered and cut
 * to the page), then the card columns (categories included) are read for those ids only. Each row
 * carries the capped match count.
 */
export function searchQuery(db: DbOrTx, input: SearchInput, plan: SearchPlan = PLAIN) {
  const { keys, page } = pageOf(input, plan);
  return db
    .select({ ...summaryColumns, total: sql<number>`page.total`.mapWith(Number) })
    .from(listings)
    .innerJoin(sql`(${page}) as page`, sql`page.id = ${listingIdRef}`)
    .orderBy(...keys.map((k, i) => sql`page.${sql.raw(`k${i}`)} ${sql.raw(k.dir)}`), sql`page.id asc`);
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
    reach: offsetOf(input) + input.per_page,
    countLimit: limits.maxResults + 1,
    candidates: limits.candidates,
  };
}

/**
 * How a search runs, decided before its statement. `proven`: q is one word (completed as a prefix)
 * and the search dictionary says more than maxResults live listings hold a word it begins (each word's
 * count is a lower bound of the listings that match), so `total` is maxResults + 1 without counting.
 * `walk`: that word is also common (in at least 1 listing in WALK_SHARE), so relevance takes its
 * candidates, the most-voted matches of all, by walking the votes index with the words as a filter
 * (a few thousand rows at most) instead of scanning maxResults + 1 matches. `tail`: a relevance page
 * reaches past the candidates, so the matches after them are read too (otherwise the candidates, or
 * all the matches when fewer, make the page).
 */
export type SearchPlan = { proven: boolean; walk: boolean; tail: boolean };
const PLAIN: SearchPlan = { proven: false, walk: false, tail: true };
/** Walk the votes index when the word is in at least one listing in this many (the walk reads about candidates × WALK_SHARE rows). */
const WALK_SHARE = 40;
/** Dictionary words read for a prefix's lower bound: the largest count among them is still one. */
const PROOF_WORDS = 2000;

export async function planSearch(db: DbOrTx, input: SearchInput, limits: SearchLimits = LIMITS): Promise<SearchPlan> {
  const { head, prefix } = splitPrefix(cleanQuery(input.q));
  const tail = offsetOf(input) + input.per_page > limits.candidates;
  if (!prefix || head.trim() !== '' || input.category) return { proven: false, walk: false, tail };
  const stem = sql`(ts_lexize('english_stem', ${prefix}))[1]`;
  const [row] = await db
    .select({
      atLeast: sql<number>`coalesce((select max(w.listings) from (select listings from search_words
        where lexeme ~>=~ ${stem} and lexeme ~<~ (${stem} || chr(1114111)) limit ${PROOF_WORDS}) w), 0)`.mapWith(
        Number,
      ),
      rows: sql<number>`(select reltuples from pg_class where oid = 'listings'::regclass)::float8`.mapWith(Number),
    })
    .from(sql`(select 1) one`);
  const proven = row.atLeast > limits.maxResults;
  const relevance = (input.sort ?? 'relevance') === 'relevance';
  const walk = proven && relevance && row.rows > 0 && row.atLeast * WALK_SHARE >= row.rows;
  return { proven, walk, tail };
}

type PreparedSearch = ReturnType<ReturnType<typeof searchQuery>['prepare']>;
const prepared = new WeakMap<DbOrTx, Map<string, PreparedSearch>>();

/** The page query of this shape, composed once per database handle: a search pays for running it, not for composing it. */
function preparedSearch(db: DbOrTx, input: SearchInput, plan: SearchPlan): PreparedSearch {
  const key = shapeOf(input, plan).join(':');
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  let query = byShape.get(key);
  if (!query)
    byShape.set(key, (query = searchQuery(db, input, plan).prepare(`search_listings_${key.replace(/:/g, '_')}`)));
  return query;
}

function shapeOf(input: SearchInput, plan: SearchPlan): string[] {
  const q = cleanQuery(input.q);
  return [
    q ? 'q' : '',
    splitPrefix(q).prefix ? 'prefix' : '',
    input.category ? 'category' : '',
    input.sort ?? '',
    plan.proven ? 'proven' : '',
    plan.walk ? 'walk' : '',
    plan.tail ? 'tail' : '',
  ];
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

type PageRow = SummaryRow & { total: number };

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
  const plan = await planSearch(db, input, limits);
  const values = searchValues(input, limits, categoryIds);
  const found: PageRow[] = await preparedSearch(db, input, plan).execute(values);
  let total = found[0]?.total ?? 0;
  if (plan.proven) total = limits.maxResults + 1;
  else if (found.length === 0 && input.page > 1) total = await countMatches(db, input, values);
  const capped = total > limits.maxResults;
  return { rows: found.map(withoutTotal), total: capped ? limits.maxResults : total, totalExact: !capped };
}

function withoutTotal({ total: _t, ...row }: PageRow): SummaryRow {
  return row;
}

async function countMatches(db: DbOrTx, input: SearchInput, values: Record<string, unknown>): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`(select count(*) from (${cappedMatches(input, sql`1`)}) counted)`.mapWith(Number) })
    .from(sql`(select 1) one`)
    .execute(values);
  return c?.n ?? 0;
}

/** The status filter as a literal, so the partial indexes on live listings apply to every plan. */
const live = sql`${listings.status} = 'live'`;

type SortKey = { expr: SQL; dir: 'asc' | 'desc' | 'desc nulls last' };

/** The live listings matching the filters, at most maxResults + 1 of them (what `total` counts). */
function cappedMatches(input: SearchInput, columns: SQL): SQL {
  return sql`select ${columns} from ${listings} where ${and(...filtersOf(input))} limit ${sql.placeholder('countLimit')}`;
}

/**
 * The page's ids, its sort keys (k0, k1, …, then id) and `total`: a statement of its own, joined by
 * searchQuery to the card columns. Every key is a column of the page so the outer query orders by it.
 */
function pageOf(input: SearchInput, plan: SearchPlan): { keys: SortKey[]; page: SQL } {
  const q = cleanQuery(input.q);
  const sort: SearchSort = input.sort ?? (q ? 'relevance' : 'votes');
  if (sort === 'relevance' && q) return plan.walk ? walkedRelevancePage(input, plan) : relevancePage(input, plan);
  const keys: SortKey[] = {
    relevance: [votesKey],
    votes: [votesKey],
    newest: [{ expr: sql`coalesce(${listings.launchedAt}, ${listings.createdAt})`, dir: 'desc nulls last' as const }],
    name: [{ expr: sql`lower(${listings.name})`, dir: 'asc' as const }],
  }[sort];
  const total = plan.proven
    ? sql`${sql.placeholder('countLimit')}::bigint`
    : sql`(select count(*) from (${cappedMatches(input, sql`1`)}) counted)`;
  const page = sql`select ${listingIdRef} as id, ${keyColumns(keys)}, ${total} as total
    from ${listings} where ${and(...filtersOf(input))}
    order by ${orderOf(keys)}, ${listingIdRef} asc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return { keys, page };
}

const votesKey: SortKey = { expr: sql`${listings.votesCount}`, dir: 'desc nulls last' };

function keyColumns(keys: SortKey[]): SQL {
  return sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
}

function orderOf(keys: SortKey[]): SQL {
  return sql.join(
    keys.map((k) => sql`${k.expr} ${sql.raw(k.dir)}`),
    sql`, `,
  );
}

/**
 * Relevance over a bounded candidate set, in one statement. `matched` is the capped scan that `total`
 * counts (at most maxResults + 1 matches, read once). The candidates are the exact name matches (the
 * lower(name) index) and the `candidates` most-voted rows of `matched`; only they are ranked by
 * ts_rank. The other rows of `matched` follow, most voted first (read only for a page past the
 * candidates: plan.tail). When more than maxResults listings
 * match, `matched` is the first maxResults + 1 found, not the most voted of all: see docs/decisions.md.
 */
function relevancePage(input: SearchInput, plan: SearchPlan): { keys: SortKey[]; page: SQL } {
  const prefix = splitPrefix(cleanQuery(input.q)).prefix;
  const tsq = tsqueryOf(input);
  const nameMatch = sql`lower(${listings.name}) = lower(${sql.placeholder('q')})`;
  // Whole-word hits before completions ("ledg" as typed is a prefix; "ledger" itself ranks first).
  const whole = prefix ? sql`${listings.search} @@ ${exactTsquery}` : sql`false`;
  const ranked = (
    tier: number,
    ids: SQL,
  ) => sql`select ${listingIdRef} as id, ${sql.raw(String(tier))} as k0, ${whole} as k1,
      ts_rank(${listings.search}, ${tsq}) as k2, ${listings.votesCount} as k3
    from ${listings} where ${listingIdRef} = any(array(${ids}))`;
  const keys: SortKey[] = [
    { expr: sql`k0`, dir: 'asc' },
    { expr: sql`k1`, dir: 'desc' },
    { expr: sql`k2`, dir: 'desc' },
    { expr: sql`k3`, dir: 'desc nulls last' },
  ];
  const page = sql`with matched as materialized (${cappedMatches(input, sql`${listingIdRef} as id, ${listings.votesCount} as votes`)}),
    named as materialized (select ${listingIdRef} as id from ${listings} where ${and(...filtersOf(input), nameMatch)}),
    top as materialized (select id from matched where id not in (select id from named)
      order by votes desc nulls last, id asc limit ${sql.placeholder('candidates')})
    select ranked.*, (select count(*) from matched) as total from (
      ${ranked(0, sql`select id from named`)}
      union all
      ${ranked(1, sql`select id from top`)}
      ${
        plan.tail
          ? sql`union all
      select id, 2, false, 0::real, votes from matched
        where id not in (select id from named) and id not in (select id from top)`
          : sql``
      }
    ) ranked
    order by ${orderOf(keys)}, id asc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return { keys, page };
}

/**
 * Relevance for a common word (plan.walk: more than maxResults matches, proven by the dictionary): the
 * candidates are the exact name matches and the `candidates` most-voted matches of all, read by walking
 * the votes index with the words as a filter (about candidates / share rows), ranked by ts_rank from the
 * rows the walk read. Past them (plan.tail) the walk goes on in votes order. Nothing is counted.
 */
function walkedRelevancePage(input: SearchInput, plan: SearchPlan): { keys: SortKey[]; page: SQL } {
  const prefix = splitPrefix(cleanQuery(input.q)).prefix;
  const tsq = tsqueryOf(input);
  const nameMatch = sql`lower(${listings.name}) = lower(${sql.placeholder('q')})`;
  const whole = prefix ? sql`search @@ ${exactTsquery}` : sql`false`;
  const keys: SortKey[] = [
    { expr: sql`k0`, dir: 'asc' },
    { expr: sql`k1`, dir: 'desc' },
    { expr: sql`k2`, dir: 'desc' },
    { expr: sql`k3`, dir: 'desc nulls last' },
  ];
  const byVotes = sql`order by ${listings.votesCount} desc nulls last, ${listingIdRef} asc`;
  const tail = plan.tail
    ? sql`union all
      select id, 2, false, 0::real, votes from (select ${listingIdRef} as id, ${listings.votesCount} as votes
        from ${listings} where ${and(...filtersOf(input))}
          and ${listingIdRef} not in (select id from named) and ${listingIdRef} not in (select id from top)
        ${byVotes} limit ${sql.placeholder('reach')}) rest`
    : sql``;
  const page = sql`with named as materialized (
      select ${listingIdRef} as id, ${listings.votesCount} as votes, ${listings.search} as search
      from ${listings} where ${and(...filtersOf(input), nameMatch)}),
    top as materialized (
      select ${listingIdRef} as id, ${listings.votesCount} as votes, ${listings.search} as search
      from ${listings} where ${and(...filtersOf(input))} and ${listingIdRef} not in (select id from named)
      ${byVotes} limit ${sql.placeholder('candidates')})
    select ranked.*, ${sql.placeholder('countLimit')}::bigint as total from (
      select id, 0 as k0, ${whole} as k1, ts_rank(search, ${tsq}) as k2, votes as k3 from named
      union all
      select id, 1, ${whole}, ts_rank(search, ${tsq}), votes from top
      ${tail}
    ) ranked
    order by ${orderOf(keys)}, id asc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return { keys, page };
}

const exactTsquery = sql`websearch_to_tsquery('english', ${sql.placeholder('q')})`;

/** What q matches: the words as typed, the last one also as a prefix ("ledg" finds Ledgerly) while the visitor types. */
function tsqueryOf(input: SearchInput): SQL {
  return splitPrefix(cleanQuery(input.q)).prefix
    ? sql`(websearch_to_tsquery('english', ${sql.placeholder('head')}) && to_tsquery('english', ${sql.placeholder('prefix')}))`
    : exactTsquery;
}

/** The filters of a search (status, category, words), the values as placeholders (searchValues). */
function filtersOf(input: SearchInput): SQL[] {
  const filters: SQL[] = [live];
  const q = cleanQuery(input.q);
  if (input.category) {
    // The category's ids, resolved beforehand (searchValues): a value the planner can look up in its
    // statistics, where a subquery on categories would leave it guessing the category's size. With
    // words, the listings' own copy of their category ids (category_ids, GIN): its bitmap is
    // intersected with the words' bitmap, so only listings matching both are read. Without words, the
    // category's rows of listing_categories, merged index-only with the live ids or probed along the
    // votes index.
    filters.push(
      q
        ? sql`${listings.categoryIds} && ${sql.placeholder('categoryIds')}::int[]`
        : sql`exists (select 1 from listing_categories lc where lc.listing_id = ${listingIdRef}
      and lc.category_id = any(${sql.placeholder('categoryIds')}::int[]))`,
    );
  }
  if (q) filters.push(sql`${listings.search} @@ ${tsqueryOf(input)}`);
  return filters;
}
