// Words in one category plan themselves from that category's lexeme counts (search_category_lexemes,
// kept by migration 0020's triggers on listings): the counts follow every change of a listing's words,
// categories and status, and a search planned from them (total known, proven, votes floor) answers
// exactly what a scan of the matches answers. Small limits are injected so a handful of rows plans.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, categoryVotes, listingCategories, listings, searchCategoryLexemes, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { ranCte } from '@/test/support/search-explain';
import { categoryIdsOf, planSearch, searchListings, type SearchInput, type SearchLimits } from './search';

const { db } = await useTestDatabase();
const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
const cats = await db.select().from(categories).orderBy(categories.id).limit(2);
const [a, b] = cats;

async function addListing(name: string, categoryIds: number[], extra: Partial<typeof listings.$inferInsert> = {}) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await db
    .insert(listings)
    .values({ siteId: site.id, slug, name, url: `https://${slug}.example.com`, status: 'live', ...extra })
    .returning();
  if (categoryIds.length)
    await db
      .insert(listingCategories)
      .values(categoryIds.map((categoryId, i) => ({ listingId: row.id, categoryId, isPrimary: i === 0, position: i })));
  return row;
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

async function kept(categoryId: number, lexeme: string) {
  const [row] = await db
    .select({ n: searchCategoryLexemes.listings })
    .from(searchCategoryLexemes)
    .where(and(eq(searchCategoryLexemes.categoryId, categoryId), eq(searchCategoryLexemes.lexeme, lexeme)));
  return row?.n ?? 0;
}

/** Rows of search_category_lexemes that differ from a count of the live listings themselves. */
async function drift() {
  return rowsOf<{ n: number }>(
    await db.execute(sql`
      with want as (
        select k as category_id, x as lexeme, count(*)::int as n
        from listings l, unnest(l.category_ids) k, unnest(tsvector_to_array(l.search)) x
        where l.status = 'live' group by k, x)
      select count(*)::int as n from want w
      full join search_category_lexemes s on s.category_id = w.category_id and s.lexeme = w.lexeme
      where s.listings is distinct from w.n`),
  )[0].n;
}

/** Rows of category_votes that differ from the live listings' categories and votes. */
async function votesDrift() {
  return rowsOf<{ n: number }>(
    await db.execute(sql`
      with want as (select k as category_id, l.id as listing_id, l.votes_count
        from listings l, unnest(l.category_ids) k where l.status = 'live')
      select count(*)::int as n from want w
      full join category_votes c on c.category_id = w.category_id and c.listing_id = w.listing_id
      where c.votes_count is distinct from w.votes_count`),
  )[0].n;
}

describe('search_category_lexemes', () => {
  it('follows words, categories and status through inserts, edits, moves, votes and deletes', async () => {
    const row = await addListing('Vexomarl', [a.id], { description: 'Keeps trandolic ledgers' });
    expect([await kept(a.id, 'vexomarl'), await kept(a.id, 'trandol'), await kept(b.id, 'vexomarl')]).toEqual([
      1, 1, 0,
    ]);

    await db.update(listings).set({ description: 'Keeps pelmorid ledgers' }).where(eq(listings.id, row.id));
    expect([await kept(a.id, 'trandol'), await kept(a.id, 'pelmorid')]).toEqual([0, 1]);

    await db.insert(listingCategories).values({ listingId: row.id, categoryId: b.id, isPrimary: false, position: 1 });
    expect([await kept(a.id, 'vexomarl'), await kept(b.id, 'vexomarl')]).toEqual([1, 1]);
    await db
      .delete(listingCategories)
      .where(and(eq(listingCategories.listingId, row.id), eq(listingCategories.categoryId, a.id)));
    expect([await kept(a.id, 'vexomarl'), await kept(b.id, 'vexomarl')]).toEqual([0, 1]);

    await db.update(listings).set({ votesCount: 7 }).where(eq(listings.id, row.id)); // a vote changes nothing
    expect(await kept(b.id, 'vexomarl')).toBe(1);
    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, row.id));
    expect(await kept(b.id, 'vexomarl')).toBe(0);
    await db.update(listings).set({ status: 'live' }).where(eq(listings.id, row.id));
    await addListing('Vexomarl Draft', [b.id], { status: 'draft' });
    expect(await kept(b.id, 'vexomarl')).toBe(1);
    await db.delete(listings).where(eq(listings.id, row.id));
    expect(await kept(b.id, 'vexomarl')).toBe(0);

    expect(await drift()).toBe(0);
    expect(await votesDrift()).toBe(0);
  });

  it('category_votes holds each live listing of a category with its votes, through votes, moves and status', async () => {
    const row = await addListing('Quillabet', [a.id], { votesCount: 3 });
    const votesIn = async (categoryId: number) =>
      (
        await db
          .select({ n: categoryVotes.votesCount })
          .from(categoryVotes)
          .where(and(eq(categoryVotes.categoryId, categoryId), eq(categoryVotes.listingId, row.id)))
      )[0]?.n ?? null;
    expect([await votesIn(a.id), await votesIn(b.id)]).toEqual([3, null]);
    await db.update(listings).set({ votesCount: 4 }).where(eq(listings.id, row.id));
    expect(await votesIn(a.id)).toBe(4);
    await db.insert(listingCategories).values({ listingId: row.id, categoryId: b.id, isPrimary: false, position: 1 });
    expect([await votesIn(a.id), await votesIn(b.id)]).toEqual([4, 4]);
    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, row.id));
    expect([await votesIn(a.id), await votesIn(b.id)]).toEqual([null, null]);
    await db.update(listings).set({ status: 'live', votesCount: 5 }).where(eq(listings.id, row.id));
    expect([await votesIn(a.id), await votesIn(b.id)]).toEqual([5, 5]);
    await db.delete(listings).where(eq(listings.id, row.id));
    expect([await votesIn(a.id), await votesIn(b.id)]).toEqual([null, null]);
    expect(await votesDrift()).toBe(0);
  });
});

describe('words in one category plan from its counts', () => {
  const limits: SearchLimits = { maxResults: 4, candidates: 2, floorFactor: 0, walkFactor: 1e9 };
  const inA = (q: string, per_page = 2): SearchInput => ({ q, category: a.slug, page: 1, per_page });
  const scanned = (input: SearchInput) => searchListings(db, input, { ...limits, floorFactor: 1e9, walkFactor: 1e9 }); // neither floor nor walk

  it('knows a word’s total in the category (typed whole or being typed) without counting, and proves more than the cap', async () => {
    for (let i = 0; i < 3; i++) await addListing(`Glimtor ${i}`, [a.id], { votesCount: 10 + i });
    for (let i = 0; i < 4; i++) await addListing(`Glimtor Other ${i}`, [b.id], { votesCount: 50 + i });
    await addListing('Glimtorix', [a.id], { votesCount: 1 }); // a longer lexeme the prefix "glimtor" also begins
    expect(await planSearch(db, inA('glimtor'), limits)).toMatchObject({ proven: false, total: 4 });
    expect(await planSearch(db, inA('glimtorix'), limits)).toMatchObject({ proven: false, total: 1 });
    expect(await planSearch(db, inA('glimto'), limits)).toMatchObject({ proven: false, total: 4 }); // its top lexeme is longer
    const found = await searchListings(db, inA('glimtor'), limits);
    expect(found).toMatchObject({ total: 4, totalExact: true });
    expect(found.rows.map((r) => r.name)).toEqual((await scanned(inA('glimtor'))).rows.map((r) => r.name));
    // In all categories the same word is in 8 listings: past the cap of 4, proven.
    expect(await planSearch(db, { q: 'glimtor', page: 1, per_page: 2 }, limits)).toMatchObject({ proven: true });
    // A category that resolves to several ids (one's slug, another's name) plans nothing: the search
    // scans and counts, and finds the matches of both.
    const twin = `twin-${Math.random().toString(36).slice(2, 7)}`;
    const twins = await db
      .insert(categories)
      .values([
        { slug: twin, name: `Twin ${twin}` },
        { slug: `${twin}-b`, name: twin },
      ])
      .returning();
    for (const [i, t] of twins.entries()) await addListing(`Glimtor Twin ${i}`, [t.id]);
    const inTwins = { ...inA('glimtor', 4), category: twin };
    expect(await planSearch(db, inTwins, limits)).toEqual({ proven: false, walk: false, total: null });
    expect(await searchListings(db, inTwins, { ...limits, maxResults: 10 })).toMatchObject({ total: 2 });
    for (const t of twins) await db.delete(categories).where(eq(categories.id, t.id));
  });

  it('takes the most voted matches in the category above a votes floor, tested on the rows, as a scan would', async () => {
    const roomy: SearchLimits = { ...limits, maxResults: 10 };
    const votes = [9090, 9080, 9070, 5, 4, 3]; // above most listings' votes, the floor (their median) aside
    for (const [i, v] of votes.entries())
      await addListing(`Brindlewort ${i}`, [i % 2 ? a.id : b.id], { votesCount: v });
    for (let i = 0; i < 3; i++) await addListing(`Brindlewort In ${i}`, [a.id], { votesCount: 9060 - i });
    expect(await planSearch(db, inA('brindlewort'), roomy)).toEqual({ proven: false, walk: false, total: 6 });
    expect(await ranCte(db, inA('brindlewort'), 'floored', roomy)).toBe(true);
    expect(await ranCte(db, inA('brindlewort'), 'matched', roomy)).toBe(false);
    for (const page of [1, 2]) {
      const input = { ...inA('brindlewort'), page };
      const floored = await searchListings(db, input, roomy);
      const scan = await searchListings(db, input, { ...roomy, floorFactor: 1e9 });
      expect(floored.rows.map((r) => r.id)).toEqual(scan.rows.map((r) => r.id));
      expect(floored).toMatchObject({ total: 6, totalExact: true });
      for (const r of floored.rows) expect(r.categories).toContain(a.name);
    }
    // The most voted in category a: 9080 (Brindlewort 1), then 9060 and 9059; 9090 and 9070 are in category b.
    const top = await searchListings(db, { ...inA('brindlewort', 3) }, roomy);
    expect(top.rows.map((r) => r.votesCount)).toEqual([9080, 9060, 9059]);
  });

  it("walks the category's most voted listings (category_votes) for a word in many of them, as a scan would", async () => {
    const walking: SearchLimits = { maxResults: 10, candidates: 2, walkFactor: 0, floorFactor: 1e9 };
    for (let i = 0; i < 4; i++) await addListing(`Caskwhistle Out ${i}`, [b.id], { votesCount: 8000 + i }); // more voted, other category
    const inside = [];
    for (let i = 0; i < 5; i++)
      inside.push(await addListing(`Caskwhistle ${i}`, [a.id], { votesCount: 7000 - i * 10 }));
    expect(await planSearch(db, inA('caskwhistle'), walking)).toEqual({ proven: false, walk: true, total: 5 });
    expect(await ranCte(db, inA('caskwhistle'), 'walk_top', walking)).toBe(true);
    expect(await ranCte(db, inA('caskwhistle'), 'matched', walking)).toBe(false);
    for (const page of [1, 2]) {
      const input = { ...inA('caskwhistle'), page };
      const walked = await searchListings(db, input, walking);
      const scan = await searchListings(db, input, { ...walking, walkFactor: 1e9 });
      expect(walked.rows.map((r) => r.id)).toEqual(scan.rows.map((r) => r.id));
      expect(walked).toMatchObject({ total: 5, totalExact: true });
    }
    const top = await searchListings(db, inA('caskwhistle'), walking);
    expect(top.rows.map((r) => r.id)).toEqual(inside.slice(0, 2).map((r) => r.id));
  });

  it('remembers the ids of a category it found (the seed alone writes categories), not a miss', async () => {
    const slug = `later-${Math.random().toString(36).slice(2, 7)}`;
    expect(await categoryIdsOf(db, slug)).toEqual([]);
    const [added] = await db
      .insert(categories)
      .values({ slug, name: `Later ${slug}` })
      .returning();
    expect(await categoryIdsOf(db, slug)).toEqual([added.id]);
    await db.delete(categories).where(eq(categories.id, added.id));
    expect(await categoryIdsOf(db, slug)).toEqual([added.id]);
  });
});
