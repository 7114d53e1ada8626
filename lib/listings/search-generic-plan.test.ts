// On PostgreSQL a search ranked by relevance runs on the public handle's sibling pool, whose connections
// keep one generic plan per statement (db/word-search.ts): planned once, not at every search. The
// results are those of the same search planned for its values; other orders stay on the public pool.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, sites } from '@/db/schema';
import { wordSearchDb } from '@/db/word-search';
import { useTestDatabase } from '@/test/support/db';
import { searchListings, type SearchInput } from './search';

// One connection in the search pool, so that its prepared statements can be read from it.
const handle = await useTestDatabase({ server: { searchPoolSize: 1 } });
const { db } = handle;
const publicDb = handle.publicDb ?? db;
const [site] = await db.select().from(sites);

async function addListing(name: string, headline: string, votesCount: number) {
  const slug = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 7)}`;
  await db.insert(listings).values({
    siteId: site.id,
    slug,
    name,
    url: `https://${slug}.example.com`,
    headline,
    status: 'live',
    votesCount,
  });
}

const ids = (r: { rows: { id: number }[] }) => r.rows.map((row) => row.id);

describe.skipIf(!process.env.DATABASE_URL)('searches ranked by relevance keep a generic plan (PostgreSQL)', () => {
  it('runs them on the sibling pool, planned once, with the results planned for the values give', async () => {
    for (let i = 0; i < 12; i++) await addListing(`Tallybook${i}`, `Tally sheets and tallies for team ${i}`, i * 3);
    await addListing('Tallyho', 'A horn for the hunt', 50);
    const searchPool = wordSearchDb(publicDb);
    expect(searchPool).not.toBe(publicDb);
    expect(wordSearchDb(db)).toBe(db);

    const inputs: SearchInput[] = [
      { q: 'tally', page: 1, per_page: 5 },
      { q: 'tallyho', page: 1, per_page: 5 },
      { q: 'tally sheet', page: 1, per_page: 5 },
      { q: 'tal', page: 1, per_page: 5 },
      { q: 'tally', page: 2, per_page: 5 },
    ];
    for (let round = 0; round < 3; round++)
      for (const input of inputs) {
        const generic = await searchListings(publicDb, input);
        const custom = await searchListings(db, input); // the primary pool: planned for the values
        expect(ids(generic)).toEqual(ids(custom));
        expect(generic.total).toBe(custom.total);
      }
    expect(ids(await searchListings(publicDb, { q: 'tallyho', page: 1, per_page: 5 }))[0]).toBeDefined();

    const plans = (await searchPool.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements where statement like '%search_plan(%'`)) as unknown as {
      generic: number;
      custom: number;
    }[];
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) {
      expect(p.custom).toBe(0);
      expect(p.generic).toBeGreaterThanOrEqual(3);
    }
  });

  it('leaves other orders and pages past the candidates on the public pool, planned for their words', async () => {
    const before = (await wordSearchDb(publicDb).execute(
      sql`select count(*)::int as n from pg_prepared_statements`,
    )) as unknown as { n: number }[];
    // Another order, and a page past the relevance candidates (the matches read on in votes order).
    for (const input of [
      { q: 'tally', sort: 'newest', page: 1, per_page: 5 },
      { q: 'tally', page: 41, per_page: 5 },
    ] satisfies SearchInput[]) {
      const [found, planned] = [await searchListings(publicDb, input), await searchListings(db, input)];
      expect(ids(found)).toEqual(ids(planned));
      expect(found.total).toBe(planned.total);
      expect(found.total).toBe(12); // the twelve Tallybooks ("tally" stems to talli: not Tallyho)
    }
    const after = (await wordSearchDb(publicDb).execute(
      sql`select count(*)::int as n from pg_prepared_statements`,
    )) as unknown as { n: number }[];
    expect(after[0].n).toBe(before[0].n); // nothing new prepared there (a raw execute is not prepared)
  });
});
