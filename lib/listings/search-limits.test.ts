// Search at scale: the capped total, the refusal past the results served, relevance over a bounded
// candidate set (exact name first, the rest continuing by votes) and the index-read orders. Small limits
// are injected so a handful of rows exercises the caps.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, sites } from '@/db/schema';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { ranCte as ranCteOf } from '@/test/support/search-explain';
import { planSearch, SEARCH_MAX_RESULTS, searchListings, type SearchLimits } from './search';
import { callMcpTool } from '@/test/support/mcp-call';

const { db } = await useTestDatabase();
const app = await useApp();
const [site] = await db.select().from(sites);

async function addListing(name: string, extra: Partial<typeof listings.$inferInsert> = {}) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await db
    .insert(listings)
    .values({ siteId: site.id, slug, name, url: `https://${slug}.example.com`, status: 'live', ...extra })
    .returning();
  return row;
}

const small = { maxResults: 3, candidates: 2 };

/** Whether the statement for q (page 1 of 1) ran the CTE `cte`. */
const ranCte = (q: string, cte: string, limits: SearchLimits) => ranCteOf(db, { q, page: 1, per_page: 1 }, cte, limits);

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

describe('search limits', () => {
  it('counts up to the cap and says when there are more', async () => {
    for (let i = 0; i < 5; i++) await addListing(`Capword Item ${i}`, { headline: 'capword rows' });
    const capped = await searchListings(db, { q: 'capword', page: 1, per_page: 2 }, small);
    expect(capped).toMatchObject({ total: 3, totalExact: false });
    expect(capped.rows).toHaveLength(2);
    const exact = await searchListings(db, { q: 'capword', page: 1, per_page: 2 });
    expect(exact).toMatchObject({ total: 5, totalExact: true });
    await expect(searchListings(db, { q: 'capword', page: 2, per_page: 2 }, small)).rejects.toMatchObject({
      status: 422,
      errors: [{ path: 'page' }],
    });
  });

  it('lists without words from the live listings kept under the empty lexeme, exact and capped', async () => {
    const live = async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from listings where status = 'live'`))[0].n;
    const roomy = { maxResults: 100_000, candidates: 2 };
    const row = await addListing('Countword Item');
    for (const sort of ['votes', 'newest', 'name'] as const)
      expect(await searchListings(db, { sort, page: 1, per_page: 2 }, roomy)).toMatchObject({
        total: await live(),
        totalExact: true,
      });
    await db
      .update(listings)
      .set({ status: 'archived' })
      .where(sql`id = ${row.id}`);
    expect(await searchListings(db, { page: 1, per_page: 2 }, roomy)).toMatchObject({ total: await live() });
    expect(await searchListings(db, { page: 1, per_page: 2 }, small)).toMatchObject({ total: 3, totalExact: false });
    const [kept] = rowsOf<{ n: number }>(
      await db.execute(sql`select listings as n from search_lexemes where lexeme = ''`),
    );
    expect(Number(kept.n)).toBe(await live());
  });

  it('ranks an exact name first even when it is not among the most-voted candidates, and continues by votes', async () => {
    const named = await addListing('Rankword', { votesCount: 0 });
    const others = [];
    for (let i = 0; i < 5; i++)
      others.push(await addListing(`Rankword Tool ${i}`, { headline: 'rankword helper', votesCount: 100 - i }));
    const limits = { maxResults: 100, candidates: 2 };
    const pages = [];
    for (let page = 1; page <= 3; page++)
      pages.push(...(await searchListings(db, { q: 'rankword', page, per_page: 2 }, limits)).rows.map((r) => r.id));
    expect(pages[0]).toBe(named.id);
    expect(new Set(pages).size).toBe(6);
    // Past the two candidates the matches come by votes: the three least voted, most voted first.
    expect(pages.slice(3)).toEqual(others.slice(2).map((o) => o.id));
  });

  it('says "more than the cap" without counting when the lexeme counts prove it', async () => {
    for (let i = 0; i < 5; i++) await addListing(`Proofword Item ${i}`, { headline: 'proofword rows' });
    for (let i = 0; i < 5; i++) await addListing(`Hidden Item ${i}`, { description: 'quietword' });
    const input = { page: 1, per_page: 2 };
    expect(await planSearch(db, { ...input, q: 'proofword' }, small)).toMatchObject({ proven: true });
    expect(await planSearch(db, { ...input, q: 'proofw' }, small)).toMatchObject({ proven: true }); // being typed
    expect(await planSearch(db, { ...input, q: 'quietword' }, small)).toMatchObject({ proven: true }); // descriptions count
    // Two words: 5 + 5 listings, less the live ones, prove nothing; a phrase is not bounded; a category
    // holding none of these listings proves nothing.
    expect(await planSearch(db, { ...input, q: 'proofword rows' }, small)).toMatchObject({ proven: false });
    for (const q of ['proofword', '"proofword rows"', 'proofword or quietword'])
      expect(await planSearch(db, { ...input, q, category: 'finance' }, small)).toMatchObject({ proven: false });
    expect(await planSearch(db, { ...input, q: 'proofword' })).toMatchObject({ proven: false }); // 5 < 10,000
    for (const q of ['proofword', 'quietword'])
      expect(await searchListings(db, { ...input, q }, small)).toMatchObject({ total: 3, totalExact: false });
    const byVotes = await searchListings(db, { ...input, q: 'proofword', sort: 'votes' }, small);
    expect(byVotes).toMatchObject({ total: 3, totalExact: false });
    expect(byVotes.rows).toHaveLength(2);
  });

  it('proves two words from their counts when together they are in more listings than there are', async () => {
    // Both words in every live listing but one: the two bounds less the live listings still exceed the cap.
    const [{ live }] = rowsOf<{ live: number }>(
      await db.execute(sql`select count(*)::int as live from listings where status = 'live'`),
    );
    await db.execute(sql`update listings set description = coalesce(description, '') || ' omniword ubiqword'
      where status = 'live'`);
    const limits = { maxResults: live - 3, candidates: 2 };
    const plan = await planSearch(db, { q: 'omniword ubiqword', page: 1, per_page: 2 }, limits);
    expect(plan).toMatchObject({ proven: true, total: limits.maxResults + 1 });
    const found = await searchListings(db, { q: 'omniword ubiqword', page: 1, per_page: 2 }, limits);
    expect(found).toMatchObject({ total: limits.maxResults, totalExact: false });
    expect(found.rows).toHaveLength(2);
    // One listing fewer with the second word: now the bound is not above the cap, and the matches are counted.
    await db.execute(sql`update listings set description = replace(description, ' ubiqword', '')
      where id in (select id from listings where status = 'live' order by id limit 3)`);
    expect(await planSearch(db, { q: 'omniword ubiqword', page: 1, per_page: 2 }, limits)).toMatchObject({
      proven: false,
    });
    expect(await searchListings(db, { q: 'omniword ubiqword', page: 1, per_page: 2 }, limits)).toMatchObject({
      total: limits.maxResults,
      totalExact: true,
    });
  });

  it('for a common word, takes the most-voted matches of all as candidates and continues by votes past them', async () => {
    const named = await addListing('Walkword', { votesCount: 0 });
    const others = [];
    for (let i = 0; i < 6; i++)
      others.push(await addListing(`Walkword Tool ${i}`, { headline: 'walkword helper', votesCount: 60 - i }));
    const limits = { maxResults: 5, candidates: 2, walkFactor: 0 }; // a few rows walk too
    const input = { q: 'walkword', per_page: 1 };
    expect(await planSearch(db, { ...input, page: 1 }, limits)).toEqual({ proven: true, walk: true, total: 6 });
    const ids = [];
    for (let page = 1; page <= 5; page++) {
      const found = await searchListings(db, { ...input, page }, limits);
      expect(found).toMatchObject({ total: 5, totalExact: false });
      ids.push(...found.rows.map((r) => r.id));
    }
    // The exact name, then the two most-voted candidates, then the next by votes.
    expect(ids).toEqual([named.id, ...others.slice(0, 4).map((o) => o.id)]);
    const two = await searchListings(db, { q: 'walkword', page: 2, per_page: 2 }, limits);
    expect(two.rows.map((r) => r.id)).toEqual(others.slice(1, 3).map((o) => o.id));

    // One statement holds every way; the ones the plan did not take never run.
    expect([await ranCte('walkword', 'walk_top', limits), await ranCte('walkword', 'matched', limits)]).toEqual([
      true,
      false,
    ]);
    // Two words (no bound to know their total from): counted, and their candidates scanned.
    for (const name of ['Scanword One', 'Scanword Two']) await addListing(name);
    expect([await ranCte('scanword one', 'walked', limits), await ranCte('scanword one', 'matched', limits)]).toEqual([
      false,
      true,
    ]);
  });

  it('for a proven word too rare to walk, takes the most-voted matches above a votes floor, else scans', async () => {
    // 300 more live listings with 40 votes each, so that a word in 6 is proven past a cap of 3 but in
    // fewer than 1 listing in 40, and the votes floor (about the median) is 40.
    await db.insert(listings).values(
      Array.from({ length: 300 }, (_, i) => ({
        siteId: site.id,
        slug: `filler-${i}-${Math.random().toString(36).slice(2, 7)}`,
        name: `Filler ${i}`,
        url: `https://filler-${i}.example.com`,
        status: 'live' as const,
        votesCount: 40,
      })),
    );
    const limits = { maxResults: 3, candidates: 2, floorFactor: 0 }; // a few rows take a floor too
    const floor = [];
    for (const votes of [45, 41, 90, 60, 0, 70])
      floor.push(await addListing(`Floorword ${votes}`, { votesCount: votes }));
    expect(await planSearch(db, { q: 'floorword', page: 1, per_page: 2 }, limits)).toEqual({
      proven: true,
      walk: false,
      total: 4,
    });
    expect(await ranCte('floorword', 'floored', limits)).toBe(true);
    expect(await ranCte('floorword', 'matched', limits)).toBe(false);
    const found = await searchListings(db, { q: 'floorword', page: 1, per_page: 3 }, limits);
    expect(found).toMatchObject({ total: 3, totalExact: false });
    // The two most voted of all the matches are the candidates; the page goes on by votes.
    expect(found.rows.map((r) => r.votesCount)).toEqual([90, 70, 60]);

    // Once ANALYZE has kept statistics of the votes, the floor is estimated from them (no read of the
    // votes index): here the same floor, so the same candidates and page; an estimate errs low.
    const exactAt = async (rank: number) =>
      rowsOf<{ v: number }>(
        await db.execute(
          sql`select votes_count as v from listings where status = 'live' order by votes_count desc nulls last, id offset ${rank} limit 1`,
        ),
      )[0].v;
    const floorOf = async (share: number) =>
      rowsOf<{ v: number }>(await db.execute(sql`select search_votes_floor(${share}::float8, 0) as v`))[0].v;
    const live = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from listings where status = 'live'`),
    )[0].n;
    await db.execute(sql`analyze listings`);
    expect(await floorOf(0.5)).toBe(await exactAt(Math.ceil(live * 0.5)));
    expect(await floorOf(0.5)).toBe(40);
    for (const share of [0.001, 0.01, 0.02])
      expect(await floorOf(share)).toBeLessThanOrEqual(await exactAt(Math.ceil(live * share)));
    expect(await ranCte('floorword', 'floored', limits)).toBe(true);
    expect(await ranCte('floorword', 'matched', limits)).toBe(false);
    const estimated = await searchListings(db, { q: 'floorword', page: 1, per_page: 3 }, limits);
    expect(estimated.rows.map((r) => r.id)).toEqual(found.rows.map((r) => r.id));

    // Below the floor (all its matches less voted than most listings): too few candidates, so the matches are scanned.
    for (const votes of [1, 2, 3, 4, 5, 6]) await addListing(`Lowword ${votes}`, { votesCount: votes });
    expect(await ranCte('lowword', 'matched', limits)).toBe(true);
    const low = await searchListings(db, { q: 'lowword', page: 1, per_page: 2 }, limits);
    expect(low).toMatchObject({ total: 3, totalExact: false });
    // The candidates of a capped scan are the most voted of the first maxResults + 1 found (docs/decisions.md).
    const votes = low.rows.map((r) => r.votesCount);
    expect(votes).toHaveLength(2);
    expect(votes[0]).toBeGreaterThan(votes[1]);
  });

  it('bounds a walk: a word found only in little-voted listings is scanned instead', async () => {
    // 60 listings voted more than any match: the walk reads live × 1.5 × candidates / matches of the
    // most voted live listings (fewer than 60 here) and finds none of the six matches among them.
    for (let i = 0; i < 60; i++) await addListing(`Busy ${i}`, { votesCount: 500 + i });
    const limits = { maxResults: 5, candidates: 2, walkFactor: 0 };
    for (let i = 0; i < 6; i++) await addListing(`Stillword ${i}`, { votesCount: i });
    expect(await planSearch(db, { q: 'stillword', page: 1, per_page: 2 }, limits)).toMatchObject({ walk: true });
    expect([await ranCte('stillword', 'walk_top', limits), await ranCte('stillword', 'matched', limits)]).toEqual([
      true,
      true,
    ]);
    const found = await searchListings(db, { q: 'stillword', page: 1, per_page: 2 }, limits);
    expect(found).toMatchObject({ total: 5, totalExact: false });
    expect(found.rows.map((r) => r.votesCount)).toEqual([5, 4]);
  });

  it('knows the total of one word from the lexeme counts', async () => {
    for (let i = 0; i < 3; i++) await addListing(`Extraword ${i}`, { votesCount: i });
    await addListing('Extrawordly', { headline: 'a longer word that extraword begins' }); // holds both
    await addListing('Extrawordish'); // only the longer word
    const input = { page: 1, per_page: 2 };
    // Being typed: the top lexeme's 4 listings and the one that holds only a longer word.
    expect(await planSearch(db, { ...input, q: 'extraword' })).toMatchObject({ proven: false, total: 5 });
    expect(await planSearch(db, { ...input, q: '"extraword"' })).toMatchObject({ total: 4 }); // whole word only
    expect(await planSearch(db, { ...input, q: 'extraword longer' })).toMatchObject({ total: null }); // two words
    expect(await planSearch(db, { ...input, q: 'extraword zzzz' })).toMatchObject({ total: 0 }); // one held by none
    for (const [q, total] of [
      ['extraword', 5],
      ['"extraword"', 4],
      ['extrawordi', 1],
    ] as const) {
      const found = await searchListings(db, { ...input, q });
      expect(found).toMatchObject({ total, totalExact: true });
      expect(await searchListings(db, { ...input, q, sort: 'votes' })).toMatchObject({ total, totalExact: true });
    }
  });

  it('orders by newest (launch date, else creation) and by name', async () => {
    const old = await addListing('Orderword Old', { launchedAt: new Date('2020-01-01') });
    const fresh = await addListing('Orderword Fresh', { launchedAt: new Date('2030-01-01') });
    const unlaunched = await addListing('orderword Middle');
    const newest = await searchListings(db, { q: 'orderword', sort: 'newest', page: 1, per_page: 10 });
    expect(newest.rows.map((r) => r.id)).toEqual([fresh.id, unlaunched.id, old.id]);
    const byName = await searchListings(db, { q: 'orderword', sort: 'name', page: 1, per_page: 10 });
    expect(byName.rows.map((r) => r.name)).toEqual(
      ['orderword Middle', 'Orderword Fresh', 'Orderword Old'].sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
  });

  it('refuses results past the cap through REST and MCP (422 naming page), and documents total_exact', async () => {
    const res = await fetch(`${app.url}/api/v1/listings?page=101&per_page=100`);
    expect(res.status).toBe(422);
    const problem = await res.json();
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'page' })]);
    expect(problem.detail).toContain(String(SEARCH_MAX_RESULTS));
    const ok = await fetch(`${app.url}/api/v1/listings?page=100&per_page=100`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).total_exact).toBeUndefined(); // exact: absent

    const mcp = await callMcpTool(app.url, 'search_listings', { page: 501, per_page: 20 });
    const { result } = await mcp.json();
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toMatch(/page/);

    const doc = buildOpenApiDocument('http://localhost:3000') as unknown as {
      components: { schemas: Record<string, { properties: Record<string, { type?: string }>; required?: string[] }> };
    };
    expect(doc.components.schemas.ListingPage.properties.total_exact.type).toBe('boolean');
    expect(doc.components.schemas.ListingPage.required).not.toContain('total_exact');
  });
});
