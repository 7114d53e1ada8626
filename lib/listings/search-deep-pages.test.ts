// Deep pages (past the relevance candidates) by votes and by relevance: for one word being typed whose
// count is known closely, the first `reach` matches are read above a votes floor (the `deep` CTE) instead
// of along the votes index; the pages are the same either way. Small limits make a few rows deep.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, categoryLiveCounts, listingCategories, listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { cteRows, ranCte } from '@/test/support/search-explain';
import { searchListings, type SearchInput } from './search';

const { db } = await useTestDatabase();
const [site] = await db.select().from(sites);

async function addListings(rows: { name: string; votes: number; headline?: string }[]) {
  return db
    .insert(listings)
    .values(
      rows.map(({ name, votes, headline }, i) => {
        const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}-${Math.random().toString(36).slice(2, 7)}`;
        return {
          siteId: site.id,
          slug,
          name,
          headline,
          url: `https://${slug}.example.com`,
          status: 'live' as const,
          votesCount: votes,
        };
      }),
    )
    .returning();
}

const limits = { maxResults: 1_000, candidates: 2, floorFactor: 0 }; // a few rows take a floor

/** The ids of every page of one listing, in turn. */
async function pages(input: Omit<SearchInput, 'page' | 'per_page'>, count: number) {
  const ids: number[] = [];
  for (let page = 1; page <= count; page++)
    ids.push(...(await searchListings(db, { ...input, page, per_page: 1 }, limits)).rows.map((r) => r.id));
  return ids;
}

const byVotes = (rows: { id: number; votesCount: number }[]) =>
  [...rows].sort((a, b) => b.votesCount - a.votesCount || a.id - b.id).map((r) => r.id);

describe('deep search pages', () => {
  it('reads the matches above a votes floor for a word known closely, with the pages as along the votes index', async () => {
    // 240 listings at 40 votes without the words: each word below is in fewer than 1 listing in 12, and
    // the votes floor for a page reaching 3 of 12 matches is about 40.
    await addListings(Array.from({ length: 240 }, (_, i) => ({ name: `Filler ${i}`, votes: 40 })));
    const high = await addListings(
      [100, 90, 80, 70, 60, 55, 50, 45, 41, 3, 2, 1].map((votes) => ({ name: `Deepword ${votes}`, votes })),
    );
    const low = await addListings(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((votes) => ({ name: `Lowdeep ${votes}`, votes })),
    );

    for (const sort of ['votes', 'relevance'] as const) {
      // Every match has the same rank, so relevance too is by votes, the candidates first.
      expect(await pages({ q: 'deepword', sort }, 12)).toEqual(byVotes(high));
      expect(await pages({ q: 'lowdeep', sort }, 12)).toEqual(byVotes(low));
      const deep = { q: 'deepword', sort, page: 3, per_page: 1 };
      // Past the two candidates: the page's reach (3) read above the floor.
      expect(await cteRows(db, deep, 'deep', limits)).toBe(3);
      // Every match is less voted than the floor: too few there, so the page is read along the votes index.
      expect(await cteRows(db, { ...deep, q: 'lowdeep' }, 'deep', limits)).toBeLessThan(3);
      // The total comes with the floor (deep_plan): the candidates' plan never runs, nor, by relevance,
      // their own reads (they are deep's first rows).
      expect((await searchListings(db, deep, limits)).total).toBe(12);
      expect(await ranCte(db, deep, 'plan', limits)).toBe(false);
      if (sort === 'relevance')
        for (const cte of ['floored', 'walk_top']) expect(await ranCte(db, deep, cte, limits)).toBe(false);
      expect(await ranCte(db, { ...deep, q: 'lowdeep' }, 'plan', limits)).toBe(true);
    }
  });

  it('reads above the floor in a category for a word dense there but sparse among all live listings', async () => {
    // The page's other way, a walk along the votes index of all live listings, would read past every
    // listing of other categories: the word's share of all of them is what counts.
    const [category] = await db.select().from(categories).orderBy(categories.id).limit(1);
    await addListings(Array.from({ length: 240 }, (_, i) => ({ name: `Filler ${i}`, votes: 40 })));
    const inCategory = await addListings(
      [100, 90, 80, 70, 60, 55, 50, 45, 41, 3, 2, 1].map((votes) => ({ name: `Catdeep ${votes}`, votes })),
    );
    await db
      .insert(listingCategories)
      .values(inCategory.map((r) => ({ listingId: r.id, categoryId: category.id, isPrimary: true, position: 0 })));
    const [{ live }] = await db
      .select({ live: categoryLiveCounts.listings })
      .from(categoryLiveCounts)
      .where(eq(categoryLiveCounts.categoryId, category.id));
    expect(12 * 12).toBeGreaterThan(live); // more than one listing in 12 of the category's
    for (const sort of ['votes', 'relevance'] as const) {
      const deep = { q: 'catdeep', category: category.slug, sort, page: 3, per_page: 1 };
      expect(await cteRows(db, deep, 'deep', limits)).toBe(3);
      expect(await pages({ q: 'catdeep', category: category.slug, sort }, 12)).toEqual(byVotes(inCategory));
    }
  });

  it('ranks the candidates taken from the deep matches by relevance, the rest by votes', async () => {
    await addListings(Array.from({ length: 240 }, (_, i) => ({ name: `Filler ${i}`, votes: 40 })));
    const rows = await addListings(
      [100, 90, 80, 70, 60, 55, 50, 45, 41, 3, 2, 1].map((votes) => ({
        name: `Rankword ${votes}`,
        votes,
        headline: votes === 90 ? 'Rankword for rankword people, rankword first' : undefined,
      })),
    );
    const id = (votes: number) => rows.find((r) => r.votesCount === votes)!.id;
    const input = { q: 'rankword', sort: 'relevance' as const, page: 1, per_page: 3 };
    expect((await searchListings(db, input, limits)).rows.map((r) => r.id)).toEqual([id(90), id(100), id(80)]);
    expect(await cteRows(db, input, 'deep', limits)).toBe(3);
    expect(await ranCte(db, input, 'walk_top', limits)).toBe(false);
  });

  it('reads along the votes index for a word in many listings, several words, or a page within the candidates', async () => {
    const common = await addListings(
      Array.from({ length: 40 }, (_, i) => ({ name: `Commonword ${i}`, votes: (i * 7) % 23 })),
    );
    await addListings(Array.from({ length: 20 }, (_, i) => ({ name: `Other ${i}`, votes: i })));
    const deep = { q: 'commonword', sort: 'votes' as const, page: 5, per_page: 1 };
    expect(await cteRows(db, deep, 'deep', limits)).toBe(0); // in 2 listings in 3
    expect(await pages({ q: 'commonword', sort: 'votes' }, 40)).toEqual(byVotes(common));
    expect(await cteRows(db, { ...deep, q: 'commonword other' }, 'deep', limits)).toBe(0);
    await expect(cteRows(db, { ...deep, page: 1 }, 'deep', limits)).rejects.toThrow(/no CTE deep/);
  });
});
