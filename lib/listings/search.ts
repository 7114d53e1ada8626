// Public listing search: full-text on the stored tsvector (GIN), the last word completed as a prefix
// while the visitor types, and spelling correction (./search-correction) when nothing matched. The
// common path, where the words match, is one SQL round trip. The same SQL runs on PGlite and PostgreSQL.
//
// Built for a million listings: nothing counts or ranks every match. `total` counts at most
// maxResults + 1 matches (exact up to maxResults, else capped and flagged), and not at all when the
// lexeme counts (search_lexemes) prove more; results past maxResults are refused; the votes/newest/name
// orders are read straight from partial indexes on live listings (a few matches are read and sorted
// instead: fewMatches); and relevance ranks a bounded
// candidate set: the exact name matches plus `candidates` most-voted matches (of all of them when the
// plan proves many, else of the capped scan that `total` counts). Past that set the matches continue in
// votes order. The page's ids come first; the card columns are read for those ids only.
// See docs/decisions.md.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { wordSearchDb } from '@/db/word-search';
import { categories, listings } from '@/db/schema';
import { fieldError } from '@/lib/errors/app-error';
import { offsetOf } from '@/lib/pagination';
import { memoPerHandle } from './handle-memo';
import { correctQuery } from './search-correction';
import { wordApart, wordsTogether } from './search-compounds';
import { cleanQuery, queryWords, splitPrefix, wordsApart } from './search-text';
import { listingIdRef, summaryColumns, type SummaryRow } from './summary';

export const SEARCH_SORTS = ['relevance', 'votes', 'newest', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Results served and counted at most; page × per_page beyond it is refused. */
export const SEARCH_MAX_RESULTS = 10_000;
/** How many of the most-voted scanned matches relevance ranks (besides exact name matches). */
export const RELEVANCE_CANDIDATES = 200;

/**
 * What a search reads at most. walkFactor and floorFactor choose how relevance finds its candidates
 * when the total is known (see SearchPlan); tests change them to exercise each way on a few rows.
 */
export type SearchLimits = {
  maxResults: number;
  candidates: number;
  walkFactor?: number;
  floorFactor?: number;
  /** A word being typed is split into itself and its longer words from this many listings (search_expand_parts). */
  expandFrequent?: number;
  /** A page by votes, date or name sorts its matches when matches² × this < reach × live (fewMatches). */
  scanFactor?: number;
};
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

/** A category filter that names no category (422 naming `category`): an empty list would hide the typo. */
export const UNKNOWN_CATEGORY =
  'No category has this slug or name: list_categories (GET /api/v1/categories) gives them.';

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
 * carries the capped match count. With words the statement plans itself first from the lexeme counts
 * (searchPlanSql): one round trip either way.
 */
export function searchQuery(db: DbOrTx, input: SearchInput, limits: SearchLimits = LIMITS) {
  const { keys, page } = pageOf(input, tailOf(input, limits));
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
    walkFactor: limits.walkFactor ?? (input.category ? CATEGORY_WALK_FACTOR : WALK_FACTOR),
    floorFactor: limits.floorFactor ?? FLOOR_FACTOR,
    expandFrequent: limits.expandFrequent ?? EXPAND_FREQUENT,
    scanFactor: limits.scanFactor ?? SCAN_FACTOR,
  };
}

/**
 * How a search with words runs, decided inside its statement (the `plan` CTE, by the SQL function
 * search_plan of migrations 0015, 0016, 0020 and 0027) from search_lexemes: how many live listings hold each
 * lexeme of the search vectors, and under '' how many are live; in one category, from
 * search_category_lexemes and category_live_counts, the same for that category's live listings. Only
 * for q that is a plain conjunction of words (the last one completed as a prefix); a lexeme's count, or
 * for a prefix the largest count of a lexeme it begins (the word's top lexeme), is a lower bound of the
 * listings a word matches.
 * `total`, when known without scanning the matches:
 * - proven: more than maxResults live listings match (one word: its bound; several: the sum of their
 *   bounds less the live listings once for each word after the first; one word being typed that begins
 *   many rare lexemes: its most frequent lexemes' counts less the listings holding two of them, read
 *   through the words' index, and then it walks), so maxResults + 1;
 * - one word: its lexeme's count when typed whole; being typed, when it begins fewer than 2,000 lexemes
 *   and the others' counts add up to at most 500, its top lexeme's count plus the listings that hold
 *   only others (read through the words' index).
 * `walk_rows`: the total is known and the matches so many (bound² ≥ WALK_FACTOR × live, in a category
 * CATEGORY_WALK_FACTOR × the category's live listings) that reading those live listings most voted first, at
 * most this many (live × 1.5 × candidates / bound), with the words as a filter, finds the `candidates`
 * most voted of all the matches; nothing is scanned. When fewer are found (a word mostly in
 * little-voted listings), the search scans its matches instead.
 * `votes_floor` (known, not walked): the votes that about 1.5 × candidates of the matches reach,
 * estimated from the statistics of the votes column, so that relevance reads only the matches at or
 * above it (the words, the category and the votes tiers read together in one GIN index: `aboveFloor`).
 * Not every total is worked out: a word being typed whose total needs a count of the listings holding
 * only its rarer lexemes is counted in the plan for a sort other than relevance, or when a floor or walk
 * will use it; a search ranked by relevance that scans its matches counts them itself.
 * The statement holds every way; the ones not taken are never run (their parts are behind one-time
 * filters, and a CTE runs only when read).
 */
export type SearchPlan = { proven: boolean; walk: boolean; total: number | null };
/**
 * Walk the votes index when bound² ≥ this × live listings. A walk reads about live × candidates / bound
 * rows, 1–2 µs each (more once the table outgrows PostgreSQL's buffers); a votes floor reads the words'
 * postings with the votes tiers at and above the floor's in one GIN index (`aboveFloor`), then about
 * 1.5 × candidates rows. Measured at 1M, each searched in turn with both factors: words in 14,000–26,000
 * listings 19.2 ms median with 200 (walked), 15.2 ms with 700 (floored; the floor then still built the
 * votes index's range into a bitmap of its own), typos of them 27.1 → 19.7; with 1,500 against 700 no
 * difference. At 100k, where the table fits the buffers, 200 and 700 measured the same.
 * So a walk from 26,000 matches at 1M (8,400 at 100k).
 */
const WALK_FACTOR = 700;
/**
 * The same in one category. A walk there reads the category's listings by id (category_votes, then each
 * row through the live ids' index: 3.6 µs a row at 1M, against 1.3 along the votes index), and a floor
 * reads the category's own votes tiers (migration 0026). Measured at 1M in the largest category (168,000
 * listings), each word searched in turn with both: words in 1–5 % of the listings 18–31 ms walked, 14–18
 * with a floor; words in most listings walked 7–10 ms, 11–29 with a floor. So a walk from 22,000 matches
 * in that category.
 */
const CATEGORY_WALK_FACTOR = 3000;
/**
 * Use a votes floor when bound² ≥ this × live listings, else scan the matches (~2–5 µs a row, the more
 * once the table outgrows PostgreSQL's buffers: 1.3 GB at a million listings). With the floor in the
 * words' index (votes tiers, migration 0023), measured at 1M, each searched in turn: words in 1,000–4,000
 * listings 22.0 ms median with 20, 11.0 ms with 8, 10.2 with 4; at 100k 3.9 / 3.8 / 4.2 ms, and with 2,
 * 6.0 ms. So a floor from 2,800 matches at 1M (900 at 100k).
 */
const FLOOR_FACTOR = 8;
/** search_expand_parts splits a word being typed that is itself a lexeme in this many live listings or more (migration 0022). */
const EXPAND_FREQUENT = 10_000;

/**
 * The plan: search_plan (migration 0020), a function so that its lookups keep generic plans.
 * `exactTotal` false: a search ranked by relevance, which counts the matches it scans (see the migration).
 * `deep`: the votes floor for a page past the candidates (`deepMatches`): as many candidates as the page
 * reaches, and never a walk (it would read live × 1.5 × reach / matches rows).
 * `tsq`: another query than the search's (fewMatches: its words without the excluded ones).
 */
function searchPlanSql(input: SearchInput, exactTotal = true, deep = false, tsq = tsqueryOf(input)): SQL {
  return sql`select * from search_plan(${tsq}, ${sql.placeholder('countLimit')}::bigint,
    ${sql.placeholder(deep ? 'reach' : 'candidates')}::int, ${deep ? sql`'Infinity'` : sql.placeholder('walkFactor')}::float8,
    ${sql.placeholder('floorFactor')}::float8, ${sql.placeholder('categoryIds')}::int[], ${sql.raw(exactTotal ? 'true' : 'false')})`;
}

/**
 * Whether the statement for `input` plans itself: any search with words. In a category the bounds are
 * that category's (search_category_lexemes); a category name that resolves to several ids plans nothing.
 */
function planned(input: SearchInput): boolean {
  return cleanQuery(input.q) !== '';
}

/** The plan searchQuery's statement takes for `input` (for tests and bench:explain; a search does not ask it apart). */
export async function planSearch(db: DbOrTx, input: SearchInput, limits: SearchLimits = LIMITS): Promise<SearchPlan> {
  if (!planned(input)) return { proven: false, walk: false, total: null };
  const [row] = await db
    .select({
      proven: sql<boolean>`plan.proven`,
      walk: sql<boolean>`plan.walk_rows is not null`,
      total: sql<number | null>`plan.total`.mapWith((v) => (v == null ? null : Number(v))),
    })
    .from(sql`(${searchPlanSql(input)}) as plan`)
    .execute(searchValues(input, limits, input.category ? await categoryIdsOf(db, input.category) : []));
  return { proven: Boolean(row?.proven), walk: Boolean(row?.walk), total: row?.total ?? null };
}

type PreparedSearch = ReturnType<ReturnType<typeof searchQuery>['prepare']>;
const prepared = new WeakMap<DbOrTx, Map<string, PreparedSearch>>();

/** The page query of this shape, composed once per database handle: a search pays for running it, not for composing it. */
function preparedSearch(db: DbOrTx, input: SearchInput, limits: SearchLimits): PreparedSearch {
  const key = shapeOf(input, limits).join(':');
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  let query = byShape.get(key);
  if (!query)
    byShape.set(key, (query = searchQuery(db, input, limits).prepare(`search_listings_${key.replace(/:/g, '_')}`)));
  return query;
}

function shapeOf(input: SearchInput, limits: SearchLimits): string[] {
  const q = cleanQuery(input.q);
  return [
    q ? 'q' : '',
    splitPrefix(q).prefix ? 'prefix' : '',
    input.category ? 'category' : '',
    input.sort ?? '',
    tailOf(input, limits) ? 'tail' : '',
    plannedOnce(input) ? 'once' : '', // the words as a one-time subquery or a constant (tsqueryOf)
  ];
}

/** A relevance page reaches past the candidates: the matches after them are read too (otherwise the candidates, or all the matches when fewer, make the page). */
function tailOf(input: SearchInput, limits: SearchLimits): boolean {
  return offsetOf(input) + input.per_page > limits.candidates;
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
  if (input.category && categoryIds.length === 0) throw fieldError('category', UNKNOWN_CATEGORY);
  let found = await runSearch(db, input, limits, categoryIds);
  let q = cleanQuery(input.q);
  if (found.total > 0 || !q || input.exact) return found;
  // "data-collection" is one compound to PostgreSQL's parser, which "data collection" in a listing does
  // not hold: written apart, the words find it (only when the hyphenated words found nothing).
  const apart = wordsApart(q);
  if (apart !== q) {
    const again = await runSearch(db, { ...input, q: apart }, limits, categoryIds);
    if (again.total > 0) return again;
    [found, q] = [again, apart];
  }
  // A name written as one word or as two ("chat widget" for Chatwidget; "lingoloop" for Lingo Loop only
  // once spelling found no nearer word: a misspelling may split into two short words).
  const tries = [
    () => wordsTogether(q),
    () => correctQuery(db, q, { searchMissed: !input.category }),
    () => wordApart(db, q),
  ];
  for (const next of tries) {
    const instead = await next();
    if (!instead) continue;
    const again = await runSearch(db, { ...input, q: instead }, limits, categoryIds);
    if (again.total > 0) return { ...again, correctedQuery: instead };
  }
  return found;
}

type PageRow = SummaryRow & { total: number };

/**
 * The categories whose slug or name (any case) is `category`. Found ones are remembered a few minutes per
 * database handle: the categories are written only by the seed (db/seed), and a search in a category
 * spent a round trip on them every time (1.4 ms of 17 at 1M).
 */
export async function categoryIdsOf(db: DbOrTx, category: string): Promise<number[]> {
  const memo = categoryIdsMemo(db);
  const known = memo.get(category);
  if (known) return known;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.slug, category), sql`lower(${categories.name}) = lower(${category})`));
  const ids = rows.map((r) => r.id);
  if (ids.length) memo.set(category, ids);
  return ids;
}
const categoryIdsMemo = memoPerHandle<number[]>({ max: 1_000, ttl: 5 * 60_000 });

async function runSearch(
  db: DbOrTx,
  input: SearchInput,
  limits: SearchLimits,
  categoryIds: number[],
): Promise<SearchResult> {
  const values = searchValues(input, limits, categoryIds);
  // Ranked by relevance, the statement holds every way a search can go: planning it cost as much as
  // running it, so on PostgreSQL it runs one generic plan per connection where it can (plannedOnce).
  const on = plannedOnce(input) ? wordSearchDb(db) : db;
  const found: PageRow[] = await preparedSearch(on, input, limits).execute(values);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && input.page > 1) total = await countMatches(on, input, values);
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

/**
 * The live listings matching the filters, at most maxResults + 1 of them (what `total` counts). When
 * search_expand rewrites the word being typed (a frequent word with rare longer ones), the rewritten
 * query is read instead, so that the words' index need not gather every listing holding a lexeme the
 * prefix begins into one bitmap first. Both reads are planned, one runs: the rewritten one is a value
 * the planner cannot see (it assumes few matches, so reads the index), and the query as typed keeps
 * its estimates (a prefix in most listings is read straight from the table until the cap) except in a
 * search planned once (`plannedOnce`), whose generic plan reads the index for both.
 * A single word being typed that begins many lexemes is first read in its most frequent ones
 * (search_dense_prefix, migration 0025, `dense_matches`): when maxResults + 1 listings hold them, those are the
 * matches counted, and the index never gathers the rest; else the word is read whole as above.
 */
function cappedMatches(input: SearchInput, columns: SQL): SQL {
  const capped = (filters: SQL[], when: SQL) =>
    sql`(select ${columns} from ${listings} where ${and(...filters)} and ${when} limit ${sql.placeholder('countLimit')})`;
  // Only a word being typed can be rewritten: without one the query is read as typed, nothing planned twice.
  if (!splitPrefix(cleanQuery(input.q)).prefix) return capped(filtersOf(input), sql`true`);
  // Counted once (each branch below would otherwise count dense_matches again).
  const proven = sql`(select yes from dense_proven)`;
  return sql`with dense_words as materialized (select search_dense_prefix(${tsqueryOf(input)},
        ${sql.placeholder('countLimit')}::bigint, ${sql.placeholder('categoryIds')}::int[]) as tsq),
      dense_matches as materialized ${capped(filtersOf(input, { dense: true }), sql`(select tsq is not null from dense_words)`)},
      dense_proven as materialized (select count(*) >= ${sql.placeholder('countLimit')} as yes from dense_matches),
      expansion as materialized (${expansionOf(input)})
    select * from dense_matches where ${proven}
    union all
    ${capped(filtersOf(input), sql`not ${proven} and (select tsq = ${tsqueryOf(input)} from expansion)`)}
    union all
    ${capped(filtersOf(input, { expanded: true }), sql`not ${proven} and (select tsq <> ${tsqueryOf(input)} from expansion)`)}`;
}

/**
 * The page's ids, its sort keys (k0, k1, …, then id) and `total`: a statement of its own, joined by
 * searchQuery to the card columns. Every key is a column of the page so the outer query orders by it.
 */
function pageOf(input: SearchInput, tail: boolean): { keys: SortKey[]; page: SQL } {
  const sort = sortOf(input);
  if (sort === 'relevance') return relevancePage(input, tail);
  const keys = SORT_KEYS[sort];
  const counted = sql`(select count(*) from (${cappedMatches(input, sql`1`)}) counted)`;
  const total = knownTotalOr(input, counted);
  if (sort === 'votes' && tail && planned(input)) return { keys, page: deepVotesPage(input, total) };
  const ordered = (by: SortKey[], when: SQL, withTotal: boolean) => sql`(select ${listingIdRef} as id, ${keyColumns(by)}
      ${withTotal ? sql`, ${total} as total` : sql``}
    from ${listings} where ${and(...filtersOf(input))} and ${when}
    order by ${orderOf(by)}, ${listingIdRef} asc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`;
  if (!planned(input)) return { keys, page: ordered(keys, sql`true`, true) };
  // Few matches (`few`): read them all and sort them (`sorted`); else the order's index, as PostgreSQL
  // plans. The total once, outside both (each copy of its count would be planned).
  const few = sql`(select yes from few)`;
  const page = sql`with plan as materialized (${searchPlanSql(input)}),
    few as materialized (select ${fewMatches(input)} as yes),
    sorted as materialized ${ordered(UNINDEXED_SORT_KEYS[sort], sql`true`, false)}
    select p.*, ${total} as total
    from (${ordered(keys, sql`not ${few}`, false)} union all select * from sorted where ${few}) p`;
  return { keys, page };
}

/**
 * The order a page is read in: relevance needs words to rank. Without q, or with only words to leave
 * out ("-crypto": every rank is 0), relevance is the votes order, read from its index: ranked, such a
 * search read the listings without the words from the words' index, all of them (1.5 s at a million).
 */
function sortOf(input: SearchInput): SearchSort {
  const words = queryWords(cleanQuery(input.q));
  const sort = input.sort ?? 'relevance';
  return sort === 'relevance' && !words.some((w) => !w.excluded) ? 'votes' : sort;
}

const votesKey: SortKey = { expr: sql`${listings.votesCount}`, dir: 'desc nulls last' };
const SORT_KEYS: Record<SearchSort, SortKey[]> = {
  relevance: [votesKey],
  votes: [votesKey],
  newest: [{ expr: sql`coalesce(${listings.launchedAt}, ${listings.createdAt})`, dir: 'desc nulls last' }],
  name: [{ expr: sql`lower(${listings.name})`, dir: 'asc' }],
};
/** The same orders by expressions no index has, so that PostgreSQL reads the matches and sorts them. */
const UNINDEXED_SORT_KEYS: Record<SearchSort, SortKey[]> = {
  relevance: [{ expr: sql`(${listings.votesCount} + 0)`, dir: 'desc nulls last' }],
  votes: [{ expr: sql`(${listings.votesCount} + 0)`, dir: 'desc nulls last' }],
  newest: [
    { expr: sql`(coalesce(${listings.launchedAt}, ${listings.createdAt}) + interval '0 s')`, dir: 'desc nulls last' },
  ],
  name: [{ expr: sql`(lower(${listings.name}) || '')`, dir: 'asc' }],
};

/**
 * Whether the matches are so few that a page by votes, date or name should read them all and sort them
 * rather than walk an order's index with the words as a filter: a walk reads about reach × live / matches
 * rows, at ~1.3 µs a row at 1M, a scan the matches at ~2–5 µs (more when the table is not in
 * PostgreSQL's buffers: see FLOOR_FACTOR). PostgreSQL cannot tell: it estimates a rare word or a word
 * being typed at its statistics' floor (about 2,400 listings at 1M), so it walked for a word in 21
 * listings until the statement timeout. The count is the plan's total when it is exact. When the plan
 * does not know it: for one word being typed, the listings of each lexeme it begins, added up; for words
 * with exclusions ("ledger -crypto"), the plan's total of the words without them (PostgreSQL's
 * querytree). Both are at least the matches. Else (a phrase, alternatives) search_upper_bound's bound
 * (migration 0029): at most as many as the rarest word of each alternative holds, added up.
 */
function fewMatches(input: SearchInput): SQL {
  const few = (total: SQL) =>
    sql`${total} * ${total} * ${sql.placeholder('scanFactor')}::float8
      < ${sql.placeholder('reach')}::bigint * (select s.listings::bigint from search_lexemes s where s.lexeme = '')`;
  const tsq = tsqueryOf(input);
  const { head, prefix } = splitPrefix(cleanQuery(input.q));
  const kept = sql`querytree(${tsq})`;
  const unknown =
    prefix && head === ''
      ? sql`(select count(*) < 2000 and ${few(sql`sum(r.listings)`)} from (${prefixLexemeCounts()}) r)`
      : sql`case when position('!' in ${tsq}::text) > 0 and ${kept} <> 'T' then (select not b.proven and ${few(sql`b.total`)}
          from (${searchPlanSql(input, true, false, sql`${kept}::tsquery`)}) b) end`;
  const bounded = few(sql`search_upper_bound(${tsq}, ${sql.placeholder('categoryIds')}::int[])`);
  return sql`coalesce((select case when p.total is not null then not p.proven and ${few(sql`p.total`)}
      else coalesce(${unknown}, ${bounded}) end
    from plan p), false)`;
}
/** Scan when total² × this < reach × live listings: at 1M, page 1, up to about 2,600 matches. */
const SCAN_FACTOR = 3;

/**
 * A page by votes past the candidates: from `deep` (deepMatches) when it holds the page, else the
 * matches read in votes order as any other page. Its total is then deep_plan's (a floor is made only
 * for a known total), so `plan` does not run.
 */
function deepVotesPage(input: SearchInput, total: SQL): SQL {
  const prefix = splitPrefix(cleanQuery(input.q)).prefix;
  return sql`with plan as materialized (${searchPlanSql(input)}),
    ${prefix ? sql`floor_words as materialized (${expansionOf(input)}),` : sql``}
    ${deepMatches(input, sql`true`)}
    select p.id, p.k0, case when (select yes from deep_ok) then (select total from deep_plan) else ${total} end as total from (
      select id, votes as k0 from deep where (select yes from deep_ok)
      union all
      (select ${listingIdRef} as id, ${listings.votesCount} as k0 from ${listings}
        where ${and(...filtersOf(input))} and not (select yes from deep_ok)
        order by ${listings.votesCount} desc nulls last, ${listingIdRef} asc limit ${sql.placeholder('reach')})
    ) p
    order by p.k0 desc nulls last, p.id asc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
}

/**
 * `total`: the plan's when it knows it; for one category without words, its live listings as
 * category_live_counts keeps them (migration 0019); without words or category, the live listings as
 * search_lexemes keeps them under '' (migration 0015: counting 10,001 of them took 2 of a list's 3 ms);
 * else `counted` (its subquery then runs, only then).
 */
function knownTotalOr(input: SearchInput, counted: SQL): SQL {
  if (planned(input)) return sql`coalesce((select total from plan), ${counted})`;
  if (input.category)
    return sql`coalesce(case when cardinality(${sql.placeholder('categoryIds')}::int[]) = 1 then
      (select c.listings::bigint from category_live_counts c where c.category_id = (${sql.placeholder('categoryIds')}::int[])[1]) end, ${counted})`;
  return sql`coalesce((select s.listings::bigint from search_lexemes s where s.lexeme = ''), ${counted})`;
}

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
 * Relevance over a bounded candidate set, in one statement: the exact name matches (the lower(name)
 * index), then the `candidates` most-voted other matches ranked by ts_rank, then (for a page past them:
 * `tail`) the other matches most voted first. The candidates come one of three ways (`how`):
 * - 'walk' (plan.walk_rows, a common word): the live listings read most voted first, at most walk_rows
 *   of them, with the words as a filter; when `candidates` are found they are the most voted of all
 *   the matches, and nothing is counted;
 * - 'floor' (the total known, rarer words): the matches in the votes tiers at and above the plan's votes
 *   floor's (`floored`, `aboveFloor`); when at least `candidates` of them are there, their most voted are
 *   the most voted of all the matches. Else:
 * - 'scan': `matched`, the capped scan that `total` counts (at most maxResults + 1 matches, read
 *   once), and its most-voted rows. When more than maxResults listings match, `matched` is the first
 *   maxResults + 1 found, not the most voted of all: see docs/decisions.md.
 * A page past the candidates (`tail`) that `deep` holds (deepMatches) takes them from it instead: its first
 * `candidates` rows are the most voted matches, so neither `plan` nor a walk or floor of its own runs
 * ('deep'); the rest of `deep` is the tail.
 */
function relevancePage(input: SearchInput, tail: boolean): { keys: SortKey[]; page: SQL } {
  const prefix = splitPrefix(cleanQuery(input.q)).prefix;
  const tsq = tsqueryOf(input);
  const nameMatch = sql`lower(${listings.name}) = lower(${sql.placeholder('q')})`;
  // Whole-word hits before completions ("ledg" as typed is a prefix; "ledger" itself ranks first).
  const whole = (search: SQL) => (prefix ? sql`${search} @@ ${exactTsquery}` : sql`false`);
  // How the candidates come (see above): 'deep', 'walk', 'floor' or 'scan', decided once (the `how` CTE).
  const how = planned(input) ? sql`(select how from how)` : sql`'scan'`;
  const chosen = sql`${how} <> 'scan'`;
  const keys: SortKey[] = [
    { expr: sql`k0`, dir: 'asc' },
    { expr: sql`k1`, dir: 'desc' },
    { expr: sql`k2`, dir: 'desc' },
    { expr: sql`k3`, dir: 'desc nulls last' },
  ];
  const byVotes = sql`order by ${listings.votesCount} desc nulls last, ${listingIdRef} asc`;
  const others = sql`${and(...filtersOf(input))} and ${listingIdRef} not in (select id from named)`;
  const candidate = sql`${listingIdRef} as id, ${listings.votesCount} as votes, ${listings.search} as search`;
  const deep = tail && planned(input);
  const tails = tail
    ? sql`union all ${deep ? sql`select id, 2, false, 0::real, votes from deep where ${how} = 'deep' and id not in (select id from walked) union all` : sql``}
      select id, 2, false, 0::real, votes from (select ${listingIdRef} as id, ${listings.votesCount} as votes
        from ${listings} where ${others} and ${listingIdRef} not in (select id from walked)
        ${byVotes} limit ${sql.placeholder('reach')}) rest where ${chosen}${deep ? sql` and not (select yes from deep_ok)` : sql``}
      union all
      select id, 2, false, 0::real, votes from matched
        where id not in (select id from named) and id not in (select id from top) and not ${chosen}`
    : sql``;
  // Deep in the matches (`deep_ok`), the candidates are the first of `deep`, which holds them: nothing walks.
  const ways = sql`select case
        when plan.walk_rows is not null and (select count(*) from walk_top) >= ${sql.placeholder('candidates')} then 'walk'
        when plan.votes_floor is not null and (select count(*) from floor_top) >= ${sql.placeholder('candidates')} then 'floor'
        else 'scan' end from plan`;
  const planning = planned(input)
    ? sql`plan as materialized (${searchPlanSql(input, false)}),
    ${prefix ? sql`floor_words as materialized (${expansionOf(input)}),` : sql``}
    floored as materialized (select ${candidate} from ${listings}
      where ${and(...filtersOf(input, { floored: true }))} and ${aboveFloor(input)}),
    floor_top as materialized (select * from floored where id not in (select id from named)
      order by votes desc nulls last, id asc limit ${sql.placeholder('candidates')}),
    walk_top as materialized (select ${candidate} from (select ${listingIdRef}, ${listings.votesCount}, ${listings.search},
          ${listings.status}, ${listings.categoryIds} from ${listings} where ${walkedRows(input)}) as ${listings}
      where ${others} ${byVotes} limit ${sql.placeholder('candidates')}),
    ${deep ? sql`${deepMatches(input, sql`id not in (select id from named)`)},` : sql``}
    how as materialized (select ${deep ? sql`case when (select yes from deep_ok) then 'deep' else (${ways}) end` : sql`(${ways})`} as how),`
    : sql``;
  // The exact name matches are found by the name index alone and only then tested against the words
  // (`offset 0` keeps the filters out of the scan): otherwise PostgreSQL may intersect the name index with
  // the words' bitmap, reading every match to find a name that none of them has.
  const page = sql`with named as materialized (select ${candidate}
      from (select * from ${listings} where ${live} and ${nameMatch} offset 0) as ${listings} where ${and(...filtersOf(input))}),
    ${planning}
    walked as materialized (${
      planned(input)
        ? sql`select * from walk_top where ${how} = 'walk' union all select * from floor_top where ${how} = 'floor'${
            deep
              ? sql` union all select ${candidate} from ${listings} where ${how} = 'deep' and ${listingIdRef} = any(array(
                  select id from deep order by votes desc nulls last, id asc limit ${sql.placeholder('candidates')}))`
              : sql``
          }`
        : sql`select ${candidate} from ${listings} where false`
    }),
    matched as materialized (${cappedMatches(input, sql`${listingIdRef} as id, ${listings.votesCount} as votes`)}),
    top as materialized (select id from matched where id not in (select id from named)
      order by votes desc nulls last, id asc limit ${sql.placeholder('candidates')})
    select ranked.*, ${
      planned(input)
        ? sql`case ${deep ? sql`when ${how} = 'deep' then (select total from deep_plan) ` : sql``}when ${chosen} then (select total from plan)
            else (select count(*) from matched) end`
        : sql`(select count(*) from matched)`
    } as total from (
      select id, 0 as k0, ${whole(sql`search`)} as k1, ts_rank(search, ${tsq}) as k2, votes as k3 from named
      union all
      select id, 1, ${whole(sql`search`)}, ts_rank(search, ${tsq}), votes from walked where ${chosen}
      union all
      select ${listingIdRef}, 1, ${whole(sql`${listings.search}`)}, ts_rank(${listings.search}, ${tsq}), ${listings.votesCount}
        from ${listings} where ${listingIdRef} = any(array(select id from top)) and not ${chosen}
      ${tails}
    ) ranked
    order by ${orderOf(keys)}, id asc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return { keys, page };
}

/**
 * The rows a walk reads (at most the plan's walk_rows): the live listings most voted first, through the
 * votes index; in a category, that category's, through category_votes (migration 0021), so that a
 * category holding one listing in six is not read through five others for each of its own.
 */
function walkedRows(input: SearchInput): SQL {
  const rows = sql`coalesce((select walk_rows from plan), 0)`;
  if (!input.category)
    return sql`${live} order by ${listings.votesCount} desc nulls last, ${listingIdRef} asc limit ${rows}`;
  return sql`${listingIdRef} = any(array(select cv.listing_id from category_votes cv
      where cv.category_id = (${sql.placeholder('categoryIds')}::int[])[1]
      order by cv.votes_count desc nulls last, cv.listing_id limit ${rows}))`;
}

/**
 * What q matches: the words as typed, the last one also as a prefix ("ledg" finds Ledgerly) while the
 * visitor types. For a search planned once (`plannedOnce`), a one-time subquery (an InitPlan, made once
 * per run): a generic plan would make an expression of the parameters again for every row it filters.
 * Otherwise an expression the planner folds into a constant and looks up in its statistics: whether an
 * order's index is read with the words as a filter (a common word) or the matches gathered and sorted
 * (a rare one) depends on it.
 */
function tsqueryOf(input: SearchInput): SQL {
  const tsq = splitPrefix(cleanQuery(input.q)).prefix
    ? sql`websearch_to_tsquery('english', ${sql.placeholder('head')}) && to_tsquery('english', ${sql.placeholder('prefix')})`
    : sql`websearch_to_tsquery('english', ${sql.placeholder('q')})`;
  return plannedOnce(input) ? sql`(select ${tsq})` : sql`(${tsq})`;
}

/** q as typed, every word whole (relevance ranks whole-word hits before completions). */
const exactTsquery = sql`(select websearch_to_tsquery('english', ${sql.placeholder('q')}))`;

/**
 * A search that runs one generic plan on PostgreSQL (runSearch) and makes its tsquery once: ranked by
 * relevance, in no category, a page within the candidates. The others need the planner to see the
 * words: a category's matches (words and category in one GIN index) or a page past the candidates (the
 * matches read on in votes order) were planned for a rare word where a common one was asked, and took
 * 0.6 and 1.5 s at a million listings, where a plan for their values takes tens of ms.
 */
function plannedOnce(input: SearchInput): boolean {
  return sortOf(input) === 'relevance' && !input.category && offsetOf(input) + input.per_page <= RELEVANCE_CANDIDATES;
}

/**
 * The filters of a search (status, category, words), the values as placeholders (searchValues).
 * `expanded`: the words as search_expand rewrote them, from the `expansion` CTE (cappedMatches).
 * `floored` (the matches above a votes floor, `aboveFloor`): the words as search_expand_parts splits
 * them (floor_words). `dense`: the most frequent lexemes of the word being typed (cappedMatches).
 */
function filtersOf(input: SearchInput, opts: { expanded?: boolean; floored?: boolean; dense?: boolean } = {}): SQL[] {
  const filters: SQL[] = [live];
  const q = cleanQuery(input.q);
  if (input.category) {
    // The category's ids, resolved beforehand (searchValues): a value the planner can look up in its
    // statistics, where a subquery on categories would leave it guessing the category's size. The
    // listings' own copy of their category ids (category_ids): with words, read with them through one
    // GIN index over both, so only listings matching both are read; without words, held by each
    // order's index too, so a page walks that index alone, however deep (page 100 of a category by
    // name at 1M: 485 → 13 ms). Above a votes floor, the category's own votes tiers carry it (`aboveFloor`).
    if (!opts.floored) filters.push(sql`${listings.categoryIds} && ${sql.placeholder('categoryIds')}::int[]`);
  }
  if (q)
    filters.push(
      opts.dense
        ? sql`${listings.search} @@ (select tsq from dense_words)`
        : opts.expanded
          ? expandedMatch(sql`expansion`)
          : opts.floored && splitPrefix(q).prefix
            ? expandedMatch(sql`floor_words`)
            : sql`${listings.search} @@ ${tsqueryOf(input)}`,
    );
  return filters;
}

/**
 * search_expand's rewrite of q (migration 0022): `tsq` whole, and as two parts, `main` and `rest`, that
 * match the same listings between them (rest is null unless the word being typed was split).
 */
function expansionOf(input: SearchInput): SQL {
  return sql`select p[1] as tsq, p[2] as main, p[3] as rest from (select search_expand_parts(${tsqueryOf(input)}, ${sql.placeholder('expandFrequent')}::int) as p) parts`;
}

/**
 * The words as rewritten (`source`: a CTE of expansionOf), as two conditions: a frequent word being typed
 * and its rare longer words are then two GIN scans OR-ed, neither testing the other's many entries at
 * every posting of the other words (migration 0022).
 */
function expandedMatch(source: SQL): SQL {
  return sql`(${listings.search} @@ (select main from ${source}) or ${listings.search} @@ (select rest from ${source}))`;
}

/**
 * The listings at or above the plan's votes floor, by their votes tier keys (votes_tier_keys, migrations
 * 0023 and 0026): the tiers from the floor's to the most voted live listing's, in one category that
 * category's own tiers (id × 128 + tier), read in the words' GIN index with the words, so that the rows
 * read are those matches alone (the category's tiers hold only its listings: the category's own entry,
 * every one of its listings, is not read). A tier's lowest member may have fewer votes than the floor:
 * every listing with at least its votes is read, so the most voted of what is read are still the most
 * voted of all the matches (relevancePage).
 */
function aboveFloor(input: SearchInput, plan = 'plan'): SQL {
  const key = input.category ? sql`(${sql.placeholder('categoryIds')}::int[])[1] * 128 + t` : sql`t`;
  const from = sql.raw(plan);
  return sql`votes_tier_keys(votes_tier(${listings.votesCount}), ${listings.categoryIds}) && (select array(select ${key}
    from generate_series(votes_tier(${from}.votes_floor),
      votes_tier((select max(l.votes_count) from ${listings} l where l.status = 'live'))) t)
  from ${from})`;
}

/**
 * Whether a deep page may read above a votes floor: q is one word being typed, it begins fewer than
 * 2,000 lexemes, its most frequent lexeme holds at least half their postings (so the plan's bound, that
 * lexeme's count, is within 2× of the matches and the floor reads about what it was meant to), and is
 * in at most one listing in 12 of all live listings, in a category too, whose walk also reads the votes
 * index of all of them (denser words are found soon along the votes index, while a floor would
 * read the word's whole posting list in the index: 40 ms for a word in most listings at 1M). A word
 * that begins thousands of rare lexemes ("kaka" at 1M) read 33,000 listings above a floor meant for
 * 1,500: 250 ms, against 10 along the votes index. Until the seventeenth session a category's own live
 * listings were the measure, so a word in 15 % of them walked: page 50 of "budget" in a category of
 * 110,000 listings at 1M read 60,000 rows along the votes index (400 ms, 503 under load); 42 ms above the floor.
 */
function deepWord(input: SearchInput): SQL {
  const { head, prefix } = splitPrefix(cleanQuery(input.q));
  if (!prefix || head !== '') return sql`false`;
  const live = sql`(select s.listings::bigint from search_lexemes s where s.lexeme = '')`;
  return sql`(select count(*) < 2000 and sum(r.listings) <= 2 * max(r.listings) and ${sql.raw(String(DEEP_LISTINGS_PER_MATCH))} * max(r.listings) <= ${live}
    from (${prefixLexemeCounts()}) r)`;
}

const firstCategory = sql`(${sql.placeholder('categoryIds')}::int[])[1]`;

/**
 * The live listings (in the search's category, if any) holding each lexeme the word being typed
 * begins, for at most 2,000 of those lexemes.
 */
function prefixLexemeCounts(): SQL {
  const lexeme = sql`(select replace((regexp_match(to_tsquery('english', ${sql.placeholder('prefix')})::text,
    '''((?:[^'']|'''')*)'''))[1], '''''', ''''))`;
  return sql`select s.listings from (select ${lexeme} as lexeme) w,
    search_lexeme_counts(${firstCategory}, w.lexeme, w.lexeme || chr(1114111)) s limit 2000`;
}
/** A word read above a floor on a deep page is in at most one live listing in this many. */
const DEEP_LISTINGS_PER_MATCH = 12;

/**
 * For a page past the candidates by votes (`tail`), the CTEs `deep_plan` and `deep`: the first `reach`
 * matches most voted first (less those in `excluded`), read above a votes floor that about 1.5 × reach
 * of the matches reach (as `floored` reads the candidates), and `deep_ok` when `reach` were found there.
 * Every match at or above the floor's tier is read, so those are then the first `reach` of all the
 * matches by votes. Only for one word being typed whose count is known closely enough (`deepWord`).
 * Else (no floor: the total unknown, or too few matches to need one) the page reads the matches along
 * the votes index as before. Deep in the matches of a word in 1–5 % of a million listings, that walk
 * reads tens of thousands of rows: at 1M, page 50 of "interview" (18,000 matches) by relevance took
 * 64 ms that way and 23 ms above the floor; page 100 by votes, 119 and 25 ms.
 */
function deepMatches(input: SearchInput, excluded: SQL): SQL {
  return sql`deep_plan as materialized (${searchPlanSql(input, false, true)}),
    deep as materialized (select id, votes from (select ${listingIdRef} as id, ${listings.votesCount} as votes from ${listings}
        where ${and(...filtersOf(input, { floored: true }))} and ${aboveFloor(input, 'deep_plan')}
          and ${deepWord(input)} and (select votes_floor from deep_plan) is not null) d
      where ${excluded} order by votes desc nulls last, id asc limit ${sql.placeholder('reach')}),
    deep_ok as materialized (select count(*) >= ${sql.placeholder('reach')} as yes from deep)`;
}
