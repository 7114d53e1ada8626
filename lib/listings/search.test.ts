import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, listingCategories, listings, searchLexemes, searchWords, sites } from '@/db/schema';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { useApp } from '@/test/support/app';
import { callMcpTool } from '@/test/support/mcp-call';
import { useTestDatabase } from '@/test/support/db';
import { searchListings } from './search';

const { db } = await useTestDatabase();
const app = await useApp();
const [site] = await db.select().from(sites);

async function addListing(name: string, extra: Partial<typeof listings.$inferInsert> = {}) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await db
    .insert(listings)
    .values({ siteId: site.id, slug, name, url: `https://${slug}.example.com`, headline: '', status: 'live', ...extra })
    .returning();
  return row;
}

const search = async (query: string) => {
  const res = await fetch(`${app.url}/api/v1/listings?${query}`);
  expect(res.status).toBe(200);
  return res.json();
};

describe('search_listings', () => {
  it('ranks the exact name first, above listings that only mention it', async () => {
    await addListing('Zephyr Notes Pro', { headline: 'Better than zephyrflow', votesCount: 500 });
    await addListing('Zephyrflow Tools', { headline: 'Works with zephyrflow', votesCount: 300 });
    const exact = await addListing('Zephyrflow', { headline: 'Workflow automation', votesCount: 1 });
    const body = await search('q=zephyrflow');
    expect(body.items[0].id).toBe(exact.id);
    expect(body.items[0]).toMatchObject({ name: 'Zephyrflow', slug: exact.slug, url: exact.url, votes: 1 });
  });

  it('finds a name despite a typo', async () => {
    const target = await addListing('Quillbotanic', { headline: 'Plant care reminders' });
    const body = await search('q=quilbotanic');
    expect(body.items.map((i: { id: number }) => i.id)).toContain(target.id);
    const swapped = await search('q=Quillbotnaic');
    expect(swapped.items.map((i: { id: number }) => i.id)).toContain(target.id);
  });

  it('searches headline and description words too (full text, stemmed)', async () => {
    const target = await addListing('Obscurely Named', {
      headline: 'Tracks greenhouse humidity sensors',
      description: 'Alerts for growers',
    });
    const body = await search('q=humidity+sensor');
    expect(body.items[0].id).toBe(target.id);
  });

  it('reports pagination totals that add up', async () => {
    for (let i = 0; i < 7; i++) await addListing(`Paginata Item ${i}`, { headline: 'paginata test rows' });
    const p1 = await search('q=paginata&per_page=3&page=1');
    const p3 = await search('q=paginata&per_page=3&page=3');
    const p4 = await search('q=paginata&per_page=3&page=4');
    expect(p1).toMatchObject({ total: 7, page: 1, per_page: 3, has_more: true });
    expect(p1.items).toHaveLength(3);
    expect(p3).toMatchObject({ total: 7, has_more: false });
    expect(p3.items).toHaveLength(1);
    expect(p4).toMatchObject({ total: 7, items: [], has_more: false });
    const all = [...p1.items, ...(await search('q=paginata&per_page=3&page=2')).items, ...p3.items].map(
      (i: { id: number }) => i.id,
    );
    expect(new Set(all).size).toBe(7);
  });

  it('lists by votes when q is empty', async () => {
    const body = await search('per_page=100');
    const votes = body.items.map((i: { votes: number }) => i.votes);
    expect(votes.length).toBeGreaterThan(10);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    expect(body.total).toBeGreaterThanOrEqual(60);
  });

  it('never shows listings that are not live', async () => {
    const hidden = await addListing('Vorpalwidget', { status: 'draft' });
    const scheduled = await addListing('Vorpalgadget', { status: 'scheduled', launchWeek: '2099-W01' });
    expect((await search('q=vorpalwidget')).total).toBe(0);
    expect((await search('q=vorpalgadget')).total).toBe(0);
    const all = await search('per_page=100&sort=newest');
    const ids = all.items.map((i: { id: number }) => i.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(scheduled.id);
  });

  it('filters by category slug and sorts by name', async () => {
    const body = await search('category=finance&sort=name&per_page=100');
    expect(body.total).toBeGreaterThan(0);
    for (const item of body.items) expect(item.categories).toContain('Finance');
    const names = body.items.map((i: { name: string }) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('with words and a category, finds the listings that match both, and follows category changes', async () => {
    const categoryId = async (slug: string) =>
      (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)))[0].id;
    const [finance, devTools] = [await categoryId('finance'), await categoryId('developer-tools')];
    const file = async (name: string, ids: number[]) => {
      const row = await addListing(name, { headline: 'Plovastic vendrix' });
      if (ids.length > 0)
        await db
          .insert(listingCategories)
          .values(ids.map((categoryId, i) => ({ listingId: row.id, categoryId, isPrimary: i === 0, position: i })));
      return row.id;
    };
    const inFinance = await file('Plovastic One', [finance]);
    const inBoth = await file('Plovastic Two', [devTools, finance]);
    const inDevTools = await file('Plovastic Three', [devTools]);
    await file('Plovastic Four', []);
    await addListing('Unrelated Money', { headline: 'Budgets' }).then((row) =>
      db.insert(listingCategories).values({ listingId: row.id, categoryId: finance, isPrimary: true }),
    );
    const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id).sort((x, y) => x - y);
    const money = await search('q=plovastic&category=finance');
    expect(money.total).toBe(2);
    expect(money).not.toHaveProperty('total_exact');
    expect(ids(money)).toEqual([inFinance, inBoth]);
    expect(ids(await search('q=plovastic+vendrix&category=Developer+Tools&sort=votes'))).toEqual([inBoth, inDevTools]);
    // A listing moved out of a category leaves its results at once.
    await db.delete(listingCategories).where(eq(listingCategories.listingId, inBoth));
    expect(ids(await search('q=plovastic&category=finance'))).toEqual([inFinance]);
    expect(ids(await search('q=plovastic&category=developer-tools'))).toEqual([inDevTools]);
    // A category that does not exist is refused (an empty list would hide the typo), on both faces.
    const unknown = await fetch(`${app.url}/api/v1/listings?q=plovastic&category=finanse`);
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors[0]).toMatchObject({
      path: 'category',
      message: expect.stringMatching(/list_categories/),
    });
    const tool = (await (await callMcpTool(app.url, 'search_listings', { q: 'plovastic', category: 'finanse' })).json())
      .result;
    expect(tool.isError).toBe(true);
    expect(tool.content[0].text).toMatch(/list_categories/);
  });

  it('treats search syntax as text, not as SQL', async () => {
    const body = await search(`q=${encodeURIComponent("'); drop table listings; --")}`);
    expect(Array.isArray(body.items)).toBe(true);
    expect((await search('per_page=1')).total).toBeGreaterThan(0);
  });
});

const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);

describe('search forgives typos and completes prefixes', () => {
  it('corrects a misspelt name (one edit in 4–7 letters, two from 8) and says so', async () => {
    const bird = await search('q=querybrd');
    expect(names(bird)[0]).toBe('Querybird');
    expect(bird.corrected_query).toBe('querybird');
    const ledger = await search('q=ledgrly');
    expect(names(ledger)[0]).toBe('Ledgerly');
    expect(ledger.corrected_query).toBe('ledgerly');
    expect((await search('q=Kwerybird')).corrected_query).toBe('Querybird'); // 9 letters, 2 edits; the case typed is kept
  });

  it('does not stretch beyond the allowed edits', async () => {
    expect(await search('q=ldgrly')).toMatchObject({ total: 0, items: [] }); // 6 letters, 2 edits from ledgerly
    expect((await search('q=ldgrly')).corrected_query).toBeUndefined();
    expect((await search('q=qurybrd')).total).toBe(0); // 7 letters, 2 edits from querybird
  });

  it('corrects a typo in a headline word, by its stem: "invioce" finds the listings about invoicing', async () => {
    const body = await search('q=invioce');
    expect(names(body)).toContain('Ledgerly');
    expect(body.corrected_query).toBe('invoicing');
    for (const item of body.items)
      expect(`${item.name} ${item.headline} ${item.summary}`.toLowerCase()).toContain('invoic');
  });

  it("does not turn real words into unrelated ones near only by their stems, nor a category's word", async () => {
    // "education"/"reduce" (educ/reduc) and "blog"/"logs" (blog/log) are an edit apart only as stems.
    for (const q of ['education', 'blog', 'sales']) {
      const body = await search(`q=${q}`);
      expect(body.corrected_query, q).toBeUndefined();
    }
    // The two demo categories named by those words are there to be browsed instead.
    const cats = await db.select({ name: categories.name }).from(categories);
    expect(cats.map((c) => c.name)).toEqual(expect.arrayContaining(['Education', 'Sales & Support']));
    // A typo of a word is still corrected by its stem when the first letter stays.
    expect((await search('q=invioce')).corrected_query).toBe('invoicing');
  });

  it('corrects only the words that match nothing and keeps the rest as typed', async () => {
    const body = await search(`q=${encodeURIComponent('Ledgrly freelancers')}`);
    expect(body.corrected_query).toBe('Ledgerly freelancers');
    expect(names(body)).toEqual(['Ledgerly']);
    // Each word matches something, only not together: nothing is corrected.
    const both = await search(`q=${encodeURIComponent('querybird podcast')}`);
    expect(both).toMatchObject({ total: 0, items: [] });
    expect(both.corrected_query).toBeUndefined();
  });

  it('searches the words as given with exact=true, on REST and MCP (the search page\'s "search instead for")', async () => {
    expect((await search('q=ledgrly')).corrected_query).toBe('ledgerly');
    for (const value of ['true', '1', 'yes']) {
      const body = await search(`q=ledgrly&exact=${value}`);
      expect(body).toMatchObject({ total: 0, items: [] });
      expect(body).not.toHaveProperty('corrected_query');
    }
    expect((await search('q=ledgrly&exact=false')).corrected_query).toBe('ledgerly');
    expect(names(await search('q=ledgerly&exact=true'))[0]).toBe('Ledgerly'); // words that match are searched as ever
    const bad = await fetch(`${app.url}/api/v1/listings?q=ledgrly&exact=maybe`);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: [{ path: 'exact', message: 'Use true or false.' }] });

    const call = async (args: Record<string, unknown>) =>
      (await (await callMcpTool(app.url, 'search_listings', args)).json()).result;
    const asGiven = await call({ q: 'ledgrly', exact: true });
    expect(asGiven.isError).toBeFalsy();
    expect(asGiven.structuredContent).toMatchObject({ total: 0, items: [] });
    expect(asGiven.structuredContent).not.toHaveProperty('corrected_query');
    expect((await call({ q: 'ledgrly', exact: false })).structuredContent.corrected_query).toBe('ledgerly');
    expect((await call({ q: 'ledgrly', exact: 'maybe' })).isError).toBe(true);

    const doc = buildOpenApiDocument('http://localhost:3000') as unknown as {
      paths: Record<string, { get: { parameters: { name: string; in: string; description?: string }[] } }>;
    };
    expect(doc.paths['/listings'].get.parameters.find((p) => p.name === 'exact')).toMatchObject({
      in: 'query',
      description: expect.stringMatching(/never corrected/),
    });
  });

  it('never corrects a word that has hits, even when a more popular word is one edit away', async () => {
    const rare = await addListing('Querybirb', { headline: 'A rare bird', votesCount: 0 });
    const body = await search('q=querybirb');
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([rare.id]);
    expect(body.corrected_query).toBeUndefined();
  });

  it('counts a word found only in descriptions as a hit (descriptions are searched, not in the dictionary)', async () => {
    const brew = await addListing('Ledgerly Brew', {
      headline: 'Homebrew logs',
      description: 'For zymurgical hobbyists',
    });
    await addListing('Zymurgicas', { headline: 'Yeast starters' }); // a dictionary word one edit from zymurgical
    const body = await search(`q=${encodeURIComponent('zymurgical ledgrly')}`);
    expect(body.corrected_query).toBe('zymurgical ledgerly');
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([brew.id]);
  });

  it('in a category, never corrects a word that has hits elsewhere; never corrects a stop word', async () => {
    const inCategory = async (name: string, slug: string) => {
      const row = await addListing(name, { headline: 'Category check' });
      const [category] = await db.select().from(categories).where(eq(categories.slug, slug));
      await db
        .insert(listingCategories)
        .values({ listingId: row.id, categoryId: category.id, isPrimary: true, position: 0 });
    };
    await inCategory('Quorvanti', 'finance');
    await inCategory('Quorvanta', 'developer-tools'); // one edit away, in the category searched below
    const elsewhere = await search('q=quorvanti&category=developer-tools');
    expect(elsewhere).toMatchObject({ total: 0, items: [] });
    expect(elsewhere.corrected_query).toBeUndefined();
    expect((await search('q=qorvanta&category=developer-tools')).corrected_query).toBe('quorvanta');

    await addListing('Abbout', { headline: 'One edit from a stop word' });
    const stop = await search('q=about');
    expect(stop.corrected_query).toBeUndefined();
    expect(stop.total).toBe(0);
  });

  it('carries corrected_query only when the query was corrected', async () => {
    for (const q of ['q=ledgerly', 'q=invoicing', 'per_page=5', 'q=zzzzqqqq'])
      expect(await search(q)).not.toHaveProperty('corrected_query');
  });

  it('searches the words exactly when asked (the page\'s "search instead for" link)', async () => {
    const exact = await searchListings(db, { q: 'ledgrly', exact: true, page: 1, per_page: 20 });
    expect(exact).toEqual({ rows: [], total: 0, totalExact: true });
    const corrected = await searchListings(db, { q: 'ledgrly', page: 1, per_page: 20 });
    expect(corrected.correctedQuery).toBe('ledgerly');
  });

  it('completes the last word as a prefix of 3+ letters while typing', async () => {
    for (const q of ['ledg', 'Ledge', 'querybi']) {
      const body = await search(`q=${q}`);
      expect(names(body)[0], q).toBe(q.startsWith('q') ? 'Querybird' : 'Ledgerly');
      expect(body.corrected_query).toBeUndefined();
    }
    expect(names(await search(`q=${encodeURIComponent('expense track')}`))).toContain('Ledgerly');
    // Two letters are not completed; a typo in the word being typed is corrected towards a longer word.
    expect(names(await search('q=le'))).not.toContain('Ledgerly');
    const typing = await search('q=ledgr');
    expect(names(typing)[0]).toBe('Ledgerly');
    expect(typing.corrected_query).toBe('ledgerly');
  });

  it('ranks whole-word hits before prefix completions', async () => {
    const word = await addListing('Plainly Named', { headline: 'Tracks bramble harvests', votesCount: 1 });
    const longer = await addListing('Bramblewood', { headline: 'A bramble-free garden planner', votesCount: 900 });
    const completion = await addListing('Bramblesque', { headline: 'Berry recipes', votesCount: 950 });
    const body = await search('q=bramble');
    const ids = body.items.map((i: { id: number }) => i.id);
    expect(ids.slice(0, 2).sort()).toEqual([word.id, longer.id].sort()); // both have the word "bramble"
    expect(ids).toContain(completion.id);
    expect(ids.indexOf(completion.id)).toBeGreaterThan(1);
  });

  it('keeps the dictionary current through inserts, edits, status changes and deletes', async () => {
    const count = async (word: string) =>
      (await db.select().from(searchWords).where(eq(searchWords.word, word)))[0]?.listings ?? 0;
    const row = await addListing('Xylophonix', { headline: 'Marimbaphone lessons' });
    expect(await count('xylophonix')).toBe(1);
    expect((await search('q=xylophonx')).corrected_query).toBe('xylophonix');

    await db.update(listings).set({ headline: 'Glockenspiel lessons' }).where(eq(listings.id, row.id));
    expect(await count('marimbaphone')).toBe(0);
    expect(await count('glockenspiel')).toBe(1);
    expect((await search('q=glockenspeil')).corrected_query).toBe('glockenspiel');

    await db.update(listings).set({ votesCount: 7 }).where(eq(listings.id, row.id)); // no word changes
    expect(await count('glockenspiel')).toBe(1);

    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, row.id));
    expect(await count('xylophonix')).toBe(0);
    expect(await search('q=xylophonx')).toMatchObject({ total: 0 });
    await db.update(listings).set({ status: 'live' }).where(eq(listings.id, row.id));
    expect(await count('xylophonix')).toBe(1);
    await addListing('Xylophonix Two', { status: 'draft' });
    expect(await count('xylophonix')).toBe(1);

    await db.delete(listings).where(eq(listings.id, row.id));
    expect(await count('xylophonix')).toBe(0);

    // After all the writes above, the dictionary is exactly what the live listings hold.
    const drift = await db.execute(sql`
      with want as (select x.word, count(*)::int as n from listings l, search_words_of(l.name, l.headline, l.summary) x where l.status = 'live' group by x.word)
      select count(*)::int as n from want full join search_words s on s.word = want.word where s.listings is distinct from want.n`);
    const rows = (Array.isArray(drift) ? drift : (drift as unknown as { rows: { n: number }[] }).rows) as {
      n: number;
    }[];
    expect(rows[0].n).toBe(0);
    expect(await count('the')).toBe(0); // stop words are not kept
  });

  it('keeps the lexeme counts exact through inserts, edits, votes, status changes and deletes', async () => {
    const count = async (lexeme: string) =>
      (await db.select().from(searchLexemes).where(eq(searchLexemes.lexeme, lexeme)))[0]?.listings ?? 0;
    const live = await count('');
    const row = await addListing('Quorvendix', { description: 'Helps with zembrotic filings' });
    expect(await count('quorvendix')).toBe(1);
    expect(await count('zembrot')).toBe(1); // descriptions count too, by their stems
    expect(await count('')).toBe(live + 1);
    await db.update(listings).set({ description: 'Helps with plandrix filings' }).where(eq(listings.id, row.id));
    expect([await count('zembrot'), await count('plandrix')]).toEqual([0, 1]);
    await db.update(listings).set({ votesCount: 9 }).where(eq(listings.id, row.id));
    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, row.id));
    expect([await count('quorvendix'), await count('')]).toEqual([0, live]);
    await db.update(listings).set({ status: 'live' }).where(eq(listings.id, row.id));
    await addListing('Quorvendix Draft', { status: 'draft' });
    expect([await count('quorvendix'), await count('')]).toEqual([1, live + 1]);
    await db.delete(listings).where(eq(listings.id, row.id));
    expect(await count('quorvendix')).toBe(0);

    // After all the writes above, the counts are exactly what the live listings' search vectors hold.
    const drift = await db.execute(sql`
      with want as (select word as lexeme, ndoc::int as n from ts_stat('select search from listings where status = ''live''')
        union all select '', count(*)::int from listings where status = 'live')
      select count(*)::int as n from want full join search_lexemes s on s.lexeme = want.lexeme where s.listings is distinct from want.n`);
    const rows = (Array.isArray(drift) ? drift : (drift as unknown as { rows: { n: number }[] }).rows) as {
      n: number;
    }[];
    expect(rows[0].n).toBe(0);
  });

  it('documents corrected_query in the OpenAPI document and the MCP tool output, and MCP returns it', async () => {
    const doc = buildOpenApiDocument('http://localhost:3000') as unknown as {
      components: {
        schemas: Record<string, { properties: Record<string, { description?: string }>; required?: string[] }>;
      };
    };
    const page = doc.components.schemas.ListingPage;
    expect(page.properties.corrected_query.description).toMatch(/corrected search text/);
    expect(page.required).not.toContain('corrected_query');
    const mcp = async (method: string, params: object) => {
      const res = await fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return (await res.json()).result;
    };
    const { tools } = await mcp('tools/list', {});
    const tool = tools.find((t: { name: string }) => t.name === 'search_listings');
    const output = tool.outputSchema.$defs.ListingPage;
    expect(output.properties.corrected_query).toMatchObject({
      type: 'string',
      description: expect.stringMatching(/corrected search text/),
    });
    expect(output.required).not.toContain('corrected_query');

    const result = await mcp('tools/call', { name: 'search_listings', arguments: { q: 'ledgrly' } });
    expect(result.structuredContent.corrected_query).toBe('ledgerly');
    expect(result.structuredContent.items[0].name).toBe('Ledgerly');
    expect(result.content[0].text).toMatch(/^Showing results for "ledgerly"/);
  });
});
