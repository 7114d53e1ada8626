// Public listing search: full-text on the stored tsvector (GIN) plus pg_trgm for typo-tolerant names.
// The same SQL runs on PGlite and PostgreSQL.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_STATUS } from '@/db/schema';
import { offsetOf } from '@/lib/pagination';
import { listingIdRef, summaryColumns, type SummaryRow } from './summary';

export const SEARCH_SORTS = ['relevance', 'votes', 'newest', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export type SearchInput = { q?: string; category?: string; sort?: SearchSort; page: number; per_page: number };

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

export async function searchListings(db: DbOrTx, input: SearchInput): Promise<{ rows: SummaryRow[]; total: number }> {
  const rows = await searchQuery(db, input);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(listings).where(and(...searchParts(input).filters));
    total = c?.n ?? 0;
  }
  return { rows, total };
}

function searchParts(input: SearchInput): { filters: SQL[]; order: SQL[] } {
  const q = input.q?.trim().slice(0, 200) ?? '';
  const filters: SQL[] = [eq(listings.status, LISTING_STATUS.live)];
  if (input.category) {
    filters.push(sql`exists (select 1 from listing_categories lc join categories c on c.id = lc.category_id
      where lc.listing_id = ${listingIdRef} and (c.slug = ${input.category} or lower(c.name) = lower(${input.category})))`);
  }
  const tsq = sql`websearch_to_tsquery('english', ${q})`;
  if (q) {
    // `q <% name` (word similarity) covers whole-name similarity too, with one trigram index scan.
    filters.push(sql`(${listings.search} @@ ${tsq} or ${q} <% ${listings.name})`);
  }
  const sort: SearchSort = input.sort ?? (q ? 'relevance' : 'votes');
  const order: SQL[] = {
    relevance: q
      ? [
          sql`(lower(${listings.name}) = lower(${q})) desc`,
          sql`(ts_rank(${listings.search}, ${tsq}) + similarity(${listings.name}, ${q})) desc`,
          sql`${listings.votesCount} desc`,
        ]
      : [sql`${listings.votesCount} desc`],
    votes: [sql`${listings.votesCount} desc`],
    newest: [sql`coalesce(${listings.launchedAt}, ${listings.createdAt}) desc`],
    name: [sql`lower(${listings.name}) asc`],
  }[sort];

  return { filters, order };
}
