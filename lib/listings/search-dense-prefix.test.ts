// A word being typed that begins many lexemes is counted in its most frequent ones first
// (search_dense_prefix, migration 0025): when they alone hold more live listings than a search counts, the
// search says "more than maxResults" without gathering every lexeme the word begins; when they share
// their listings and do not get there, the word is read whole and the count is exact. Small limits are
// injected so a handful of rows is "many".
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, listingCategories, listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { ranCte } from '@/test/support/search-explain';
import { planSearch, searchListings, type SearchLimits } from './search';

const { db } = await useTestDatabase();
const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
const [catA, catB] = await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(2);
/** maxResults 5: the search counts 6 matches at most. */
const limits: SearchLimits = { maxResults: 5, candidates: 3 };

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

let n = 0;
async function addListings(names: string[], categoryId = catA.id, votesCount = 0) {
  const rows = await db
    .insert(listings)
    .values(
      names.map((name) => {
        const slug = `dense-${++n}`;
        return { siteId: site.id, slug, name, url: `https://${slug}.example.com`, status: 'live' as const, votesCount };
      }),
    )
    .returning({ id: listings.id });
  await db
    .insert(listingCategories)
    .values(rows.map((r) => ({ listingId: r.id, categoryId, isPrimary: true, position: 0 })));
}

async function dense(q: string, categoryIds: number[] = []): Promise<string | null> {
  const [row] = rowsOf<{ q: string | null }>(
    await db.execute(
      sql`select search_dense_prefix(to_tsquery('simple', ${q}), 6, ${`{${categoryIds.join(',')}}`}::int[])::text as q`,
    ),
  );
  return row.q;
}

async function liveMatches(q: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from listings
      where status = 'live' and search @@ to_tsquery('simple', ${q})`),
  );
  return row.n;
}

// "vrel": two frequent lexemes in different listings (6 each) and four rare ones.
await addListings([
  ...Array.from({ length: 6 }, (_, i) => `Vrelmo ${i}`),
  ...Array.from({ length: 6 }, (_, i) => `Vrelka ${i}`),
  'Vrelti',
  'Vrelzu',
  'Vrelpa',
  'Vrelno',
]);
// "zint": two lexemes in 4 listings each, one listing holding both (7 listings), well voted.
await addListings(
  ['Zintal 1', 'Zintal 2', 'Zintal 3', 'Zintor 1', 'Zintor 2', 'Zintor 3', 'Zintal Zintor'],
  catA.id,
  5000,
);
// "quor": three frequent lexemes always in the same 5 listings, and one rare one.
await addListings([...Array.from({ length: 5 }, (_, i) => `Quorab Quorac Quorad ${i}`), 'Quorid']);

describe('search_dense_prefix', () => {
  it('names the fewest most frequent lexemes a word begins whose counts reach twice the count', async () => {
    expect(await dense('vrel:*')).toBe("'vrelka' | 'vrelmo'");
    expect(await dense('vrel:*', [catA.id])).toBe("'vrelka' | 'vrelmo'"); // the category's counts
  });

  it('names nothing where it cannot help', async () => {
    expect(await dense('vrelmo')).toBeNull(); // a whole word
    expect(await dense('quorid:* & vrel:*')).toBeNull(); // several words
    expect(await dense('vrel:*', [catB.id])).toBeNull(); // no listing of that category holds them
    expect(await dense('vrel:*', [catA.id, catB.id])).toBeNull(); // several categories
    expect(await dense('vrelti:*')).toBeNull(); // the one lexeme it begins: all of them
  });

  it('proves more matches than counted from those lexemes, and never reads the word whole', async () => {
    expect(await liveMatches('vrel:*')).toBeGreaterThan(limits.maxResults + 1);
    const found = await searchListings(db, { q: 'vrel', page: 1, per_page: 5 }, limits);
    expect([found.total, found.totalExact]).toEqual([limits.maxResults, false]);
    expect(found.rows.every((r) => r.name.startsWith('Vrel'))).toBe(true);
    expect(await ranCte(db, { q: 'vrel', page: 1, per_page: 5 }, 'dense_matches', limits)).toBe(true);
    expect(await ranCte(db, { q: 'vrel', page: 1, per_page: 5 }, 'expansion', limits)).toBe(false);
    // Sorted by votes, the count is the same.
    const byVotes = await searchListings(db, { q: 'vrel', sort: 'votes', page: 1, per_page: 5 }, limits);
    expect([byVotes.total, byVotes.totalExact]).toEqual([limits.maxResults, false]);
  });

  it('reads the word whole when its frequent lexemes share their listings, and counts exactly', async () => {
    expect(await dense('quor:*')).toBe("'quorab' | 'quorac' | 'quorad'");
    // 7 counted: those three lexemes' counts add up to 15, but they are in 5 listings.
    const roomy: SearchLimits = { ...limits, maxResults: 6 };
    const found = await searchListings(db, { q: 'quor', page: 1, per_page: 5 }, roomy);
    expect([found.total, found.totalExact]).toEqual([await liveMatches('quor:*'), true]);
    expect(found.total).toBe(6);
    expect(await ranCte(db, { q: 'quor', page: 1, per_page: 5 }, 'expansion', roomy)).toBe(true);
  });

  it("lets search_plan prove the word from its lexemes' counts less the listings holding two (migration 0027)", async () => {
    // 4 + 4 listings, 1 holding both: at least 7 hold "zint", more than the 6 counted; none alone proves it.
    const input = { q: 'zint', page: 1, per_page: 2 };
    expect(await planSearch(db, input, limits)).toEqual({ proven: true, walk: true, total: 6 });
    expect(await liveMatches('zint:*')).toBe(7);
    const found = await searchListings(db, input, limits);
    expect([found.total, found.totalExact]).toEqual([limits.maxResults, false]);
    expect(found.rows.every((r) => r.name.startsWith('Zint'))).toBe(true);
    expect(await ranCte(db, input, 'walk_top', limits)).toBe(true);
    expect(await ranCte(db, input, 'matched', limits)).toBe(false); // the walk found its candidates
    // With 7 counted, 8 - 1 = 7 does not prove more than 7: the word is counted, exactly.
    const roomy: SearchLimits = { ...limits, maxResults: 7 };
    expect(await planSearch(db, input, roomy)).toMatchObject({ proven: false });
    expect(await searchListings(db, input, roomy)).toMatchObject({ total: 7, totalExact: true });
    // Lexemes sharing their listings prove nothing: "quor"'s two most frequent are in the same 5.
    expect(await planSearch(db, { q: 'quor', page: 1, per_page: 2 }, limits)).toMatchObject({ proven: false });
  });
});
