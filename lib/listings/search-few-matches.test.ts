// A page by votes, date or name of a word in few listings reads every match and sorts them (the `sorted`
// CTE) instead of walking the order's index with the words as a filter: PostgreSQL estimates a rare word at
// its statistics' floor, and at a million listings walked past every listing for a word in 21 of them.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { ranCte } from '@/test/support/search-explain';
import { planSearch, searchListings, type SearchInput } from './search';

const { db } = await useTestDatabase();
const [site] = await db.select().from(sites);
const limits = { maxResults: 1_000, candidates: 200 };

async function addListings(names: string[]) {
  return db
    .insert(listings)
    .values(
      names.map((name, i) => {
        const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}-${Math.random().toString(36).slice(2, 7)}`;
        return {
          siteId: site.id,
          slug,
          name,
          url: `https://${slug}.example.com`,
          status: 'live' as const,
          votesCount: (i * 37) % 11,
          launchedAt: new Date(Date.UTC(2026, 0, 1 + ((i * 13) % 29))),
        };
      }),
    )
    .returning();
}

type Row = Awaited<ReturnType<typeof addListings>>[number];
const orders: Record<'votes' | 'newest' | 'name', (a: Row, b: Row) => number> = {
  votes: (a, b) => b.votesCount - a.votesCount || a.id - b.id,
  newest: (a, b) => b.launchedAt!.getTime() - a.launchedAt!.getTime() || a.id - b.id,
  name: (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id,
};

/** Every page of one result, per_page 1, in turn. */
async function pages(input: Omit<SearchInput, 'page' | 'per_page'>, count: number) {
  const ids: number[] = [];
  for (let page = 1; page <= count; page++)
    ids.push(...(await searchListings(db, { ...input, page, per_page: 1 }, limits)).rows.map((r) => r.id));
  return ids;
}

describe('a page of few matches by votes, date or name', () => {
  it('sorts the matches of a rare word, and leaves a frequent word to the order index, with the same pages', async () => {
    // About 300 live listings: with per_page 1, a page of up to 9 matches is sorted (9² × 3 < 300).
    const common = await addListings(Array.from({ length: 300 }, (_, i) => `Commonplace ${i}`));
    const rare = await addListings(['Zyxwords alpha', 'zyxwords Beta', 'Zyxwords gamma', 'zyxwords delta']);
    for (const sort of ['votes', 'newest', 'name'] as const) {
      for (const q of ['zyxwords', 'zyxwor']) {
        const first = { q, sort, page: 1, per_page: 1 };
        expect(await ranCte(db, first, 'sorted', limits)).toBe(true);
        expect(await pages({ q, sort }, 4)).toEqual([...rare].sort(orders[sort]).map((r) => r.id));
        expect((await searchListings(db, first, limits)).total).toBe(4);
      }
      const frequent = { q: 'commonplace', sort, page: 1, per_page: 1 };
      expect(await ranCte(db, frequent, 'sorted', limits)).toBe(false);
      expect(await pages({ q: 'commonplace', sort }, 5)).toEqual(
        [...common]
          .sort(orders[sort])
          .slice(0, 5)
          .map((r) => r.id),
      );
    }
  });

  it('counts the words without the excluded ones for a search with exclusions', async () => {
    const common = await addListings(Array.from({ length: 300 }, (_, i) => `Manyfold ${i}`));
    const rare = await addListings(['Vexwords one', 'Vexwords two alpha', 'Vexwords three', 'Vexwords four']);
    const kept = rare.filter((r) => !r.name.includes('alpha'));
    for (const sort of ['votes', 'newest', 'name'] as const) {
      const input = { q: 'vexwords -alpha', sort, page: 1, per_page: 1 };
      expect(await ranCte(db, input, 'sorted', limits)).toBe(true);
      expect(await pages({ q: 'vexwords -alpha', sort }, 3)).toEqual([...kept].sort(orders[sort]).map((r) => r.id));
      expect((await searchListings(db, input, limits)).total).toBe(3);
      const many = { q: 'manyfold -vexwords', sort, page: 1, per_page: 1 };
      expect(await ranCte(db, many, 'sorted', limits)).toBe(false);
      expect(await pages({ q: 'manyfold -vexwords', sort }, 3)).toEqual(
        [...common]
          .sort(orders[sort])
          .slice(0, 3)
          .map((r) => r.id),
      );
    }
    // Only exclusions: nothing to count, so PostgreSQL plans it.
    expect(await ranCte(db, { q: '-vexwords', sort: 'votes', page: 1, per_page: 1 }, 'sorted', limits)).toBe(false);
  });

  it('adds up the lexemes a word being typed begins when the plan does not know its total', async () => {
    // Each listing holds three lexemes the word begins: the others hold more than 500 listings, so the
    // plan leaves the total unknown; the three counts added up (780) bound the matches.
    const rows = await addListings(Array.from({ length: 260 }, (_, i) => `Plexone plextwo plexthree ${i}`));
    const input = { q: 'plex', sort: 'votes' as const, page: 1, per_page: 1 };
    expect((await planSearch(db, input, limits)).total).toBeNull();
    // 780² × 3 is more than 1 × the live listings: walked, as PostgreSQL plans it.
    expect(await ranCte(db, input, 'sorted', limits)).toBe(false);
    const small = { ...limits, scanFactor: 1e-6 };
    expect(await ranCte(db, input, 'sorted', small)).toBe(true);
    for (const sort of ['votes', 'newest', 'name'] as const) {
      const first = (await searchListings(db, { ...input, sort }, small)).rows.map((r) => r.id);
      expect(first).toEqual([[...rows].sort(orders[sort])[0].id]);
    }
    expect((await searchListings(db, input, small)).total).toBe(260);
  });

  it('knows that a word no live listing holds matches nothing, and reads no order index for it', async () => {
    // A misspelling sorted by date walked the whole index at a million listings (past the statement timeout).
    await addListings(Array.from({ length: 300 }, (_, i) => `Knownword ${i}`));
    const [hidden] = await addListings(['Draftonlyword one']);
    await db.update(listings).set({ status: 'draft' }).where(eq(listings.id, hidden.id));
    const [category] = await db.select().from(categories).limit(1);
    const none = [
      'zqxvbword',
      'zqxvb',
      'knownword zqxvbword',
      'knownword zqxvb',
      'zqxvbword -knownword',
      'draftonlyword',
    ];
    for (const q of none)
      for (const sort of ['votes', 'newest', 'name'] as const)
        for (const inCategory of [undefined, category.slug]) {
          const input = { q, sort, category: inCategory, page: 1, per_page: 1, exact: true };
          if (!q.includes('-')) expect((await planSearch(db, input, limits)).total).toBe(0);
          expect(await ranCte(db, input, 'sorted', limits)).toBe(true);
          expect(await searchListings(db, input, limits)).toEqual({ rows: [], total: 0, totalExact: true });
        }
    // A word being typed that begins a held lexeme is not one of them.
    expect((await planSearch(db, { q: 'knownwor', page: 1, per_page: 1 }, limits)).total).toBe(300);
  });

  it('bounds a phrase or alternatives by their rarest words, and leaves to PostgreSQL what it cannot bound', async () => {
    await addListings(['Qwvzords one', 'Qwvzords two', 'Qwvzords three']);
    await addListings(Array.from({ length: 300 }, (_, i) => `Plentiful words ${i}`));
    for (const [q, sorted, total] of [
      ['qwvzords or nothingelse', true, 3], // 3 + 0
      ['"qwvzords two"', true, 1], // a phrase: at most its rarest word's 1
      ['plentiful qwvzords', true, 0], // two words the plan cannot count: at most 3
      ['plentiful or qwvzords -one', false, 302], // at most 303: walked
      ['qwvzords or nothingelse qwv', false, 3], // (… | …) & a word being typed: no bound
    ] as const) {
      const input = { q, sort: 'votes' as const, page: 1, per_page: 1, exact: true };
      expect(await ranCte(db, input, 'sorted', limits), q).toBe(sorted);
      expect((await searchListings(db, input, limits)).total, q).toBe(total);
    }
  });

  it('reads a search of only words to leave out in votes order: there is nothing to rank', async () => {
    await addListings(['Shunnedword one', 'Shunnedword two']);
    const input = { q: '-shunnedword', page: 1, per_page: 3, exact: true };
    // The votes page's statement (its `sorted` CTE), where relevance's has none.
    await expect(ranCte(db, input, 'sorted', limits)).resolves.toBe(false);
    await expect(ranCte(db, { ...input, q: 'shunnedword' }, 'sorted', limits)).rejects.toThrow('no CTE sorted');
    const found = await searchListings(db, input, limits);
    expect(found).toEqual(await searchListings(db, { ...input, sort: 'votes' }, limits));
    expect(found.rows).toHaveLength(3);
    expect(found.rows.some((r) => /shunnedword/i.test(r.name))).toBe(false);
    // A phrase left out ("-" before its quotes) is only words to leave out too.
    for (const q of ['-"shunnedword"', '-"shunnedword one" -two'])
      await expect(ranCte(db, { ...input, q }, 'sorted', limits), q).resolves.toBe(false);
  });
});
