// db:fill on a fresh PostgreSQL database: what it makes, that search and the dictionary agree with
// it, that the indexes it dropped come back as they were, and that it refuses a database it did not fill.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { searchListings } from '@/lib/listings/search';
import { fillDatabase, FillRefusedError } from './fill';
import { nameOnlyLexemes, stemTable } from './lexemes';
import { plainIndexes, readMarker, writeMarker, type DroppedIndex } from './marker';

const base = process.env.DATABASE_URL;
const COUNT = 2000;

/** The (category, lexeme) counts that differ from a count of the live listings themselves. */
function categoryLexemeDrift(sql: postgres.Sql) {
  return sql`
    with rebuilt as (
      select k as category_id, x as lexeme, count(*)::int as listings
      from listings l, unnest(l.category_ids) k, unnest(tsvector_to_array(l.search)) x
      where l.status = 'live' group by k, x)
    select coalesce(r.category_id, c.category_id) as category_id, coalesce(r.lexeme, c.lexeme) as lexeme,
      r.listings as rebuilt, c.listings as kept
    from rebuilt r full join search_category_lexemes c on c.category_id = r.category_id and c.lexeme = r.lexeme
    where r.listings is distinct from c.listings`;
}

/** The (category, listing, votes) rows that differ from the live listings' categories and votes. */
function categoryVotesDrift(sql: postgres.Sql) {
  return sql`
    with want as (select k as category_id, l.id as listing_id, l.votes_count
      from listings l, unnest(l.category_ids) k where l.status = 'live')
    select coalesce(w.category_id, c.category_id) as category_id, coalesce(w.listing_id, c.listing_id) as listing_id
    from want w full join category_votes c on c.category_id = w.category_id and c.listing_id = w.listing_id
    where c.votes_count is distinct from w.votes_count`;
}

describe.skipIf(!base)('db:fill (PostgreSQL)', () => {
  const name = `t_fill_${randomBytes(4).toString('hex')}`;
  let url: string;
  let sql: postgres.Sql;
  let before: DroppedIndex[];

  beforeAll(async () => {
    const admin = postgres(base!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const u = new URL(base!);
    u.pathname = `/${name}`;
    url = u.toString();
    const handle = await openDatabase({ url });
    await migrate(handle);
    await handle.close();
    sql = postgres(url, { max: 2, onnotice: () => {} });
    before = await plainIndexes(sql);
    const result = await fillDatabase({ url, listings: COUNT });
    expect(result).toMatchObject({ added: COUNT, total: COUNT });
  });

  afterAll(async () => {
    await sql?.end();
    const admin = postgres(base!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('makes live listings with categories, votes that match their counts, follows and launches over many weeks', async () => {
    const [l] = await sql`
      select count(*)::int as n, count(*) filter (where status = 'live')::int as live,
        count(distinct launch_week)::int as weeks, sum(votes_count)::int as votes
      from listings where slug like 'fill-%'`;
    expect(l).toMatchObject({ n: COUNT, live: COUNT });
    expect(l.weeks).toBeGreaterThan(40);
    const [c] = await sql`
      select min(n)::int as min, max(n)::int as max, min(p)::int as min_primary, max(p)::int as max_primary
      from (select count(*) as n, count(*) filter (where is_primary) as p
            from listings l join listing_categories lc on lc.listing_id = l.id
            where l.slug like 'fill-%' group by l.id) x`;
    expect(c).toEqual({ min: 1, max: 2, min_primary: 1, max_primary: 1 });
    const [{ uncategorised }] = await sql`
      select count(*)::int as uncategorised from listings l
      where slug like 'fill-%' and not exists (select 1 from listing_categories lc where lc.listing_id = l.id)`;
    expect(uncategorised).toBe(0);
    // The ids copied into listings.category_ids, as the triggers on listing_categories would keep them.
    const [{ apart }] = await sql`
      select count(*)::int as apart from listings l
      where l.category_ids is distinct from coalesce(
        (select array_agg(lc.category_id order by lc.category_id) from listing_categories lc where lc.listing_id = l.id),
        '{}'::int[])`;
    expect(apart).toBe(0);
    const [v] = await sql`
      select count(*)::int as rows, count(*) filter (where v.week = to_char(v.created_at at time zone 'UTC', 'IYYY-"W"IW'))::int as in_week
      from votes v join listings l on l.id = v.listing_id where l.slug like 'fill-%'`;
    expect(v.rows).toBe(l.votes);
    expect(v.in_week).toBe(v.rows);
    const [mismatch] = await sql`
      select count(*)::int as n from listings l
      where l.votes_count <> (select count(*) from votes v where v.listing_id = l.id)`;
    expect(mismatch.n).toBe(0);
    const [f] = await sql`select count(*)::int as n from follows`;
    expect(f.n).toBeGreaterThan(COUNT / 10);
  });

  it('draws words with a Zipf-like law: the commonest word in far more listings than the median word', async () => {
    const [d] = await sql`
      select max(ndoc)::int as top, percentile_disc(0.5) within group (order by ndoc)::int as median
      from ts_stat('select search from listings where slug like ''fill-%''') where word <> 'team'`;
    expect(d.top).toBeGreaterThan(COUNT * 0.3);
    expect(d.median).toBeLessThan(COUNT * 0.01);
  });

  it('leaves the search dictionary exactly as its triggers would have', async () => {
    const diff = await sql`
      with rebuilt as (
        select x.word, min(x.lexeme) as lexeme, count(*)::int as listings
        from listings l, search_words_of(l.name, l.headline, l.summary) x
        where l.status = 'live' group by x.word)
      select coalesce(r.word, s.word) as word, r.listings as rebuilt, s.listings as kept
      from rebuilt r full join search_words s on s.word = r.word
      where r.listings is distinct from s.listings or r.lexeme is distinct from s.lexeme`;
    expect(diff).toEqual([]);
  });

  it('leaves the lexeme counts exactly as their triggers would have', async () => {
    const diff = await sql`
      with rebuilt as (
        select word as lexeme, ndoc::int as listings from ts_stat('select search from listings where status = ''live''')
        union all select '', count(*)::int from listings where status = 'live')
      select coalesce(r.lexeme, s.lexeme) as lexeme, r.listings as rebuilt, s.listings as kept
      from rebuilt r full join search_lexemes s on s.lexeme = r.lexeme
      where r.listings is distinct from s.listings`;
    expect(diff).toEqual([]);
  });

  it("leaves the categories' live counts exactly as their triggers would have", async () => {
    const diff = await sql`
      with rebuilt as (
        select x as category_id, count(*)::int as listings from listings, unnest(category_ids) x
        where status = 'live' group by x)
      select coalesce(r.category_id, c.category_id) as category_id, r.listings as rebuilt, c.listings as kept
      from rebuilt r full join category_live_counts c on c.category_id = r.category_id
      where r.listings is distinct from c.listings`;
    expect(diff).toEqual([]);
    const [{ n }] = await sql`select count(*)::int as n from category_live_counts`;
    expect(n).toBeGreaterThan(1);
  });

  it("leaves the categories' lexeme counts exactly as their triggers would have", async () => {
    expect(await categoryLexemeDrift(sql)).toEqual([]);
    const [{ n }] = await sql`select count(*)::int as n from search_category_lexemes`;
    expect(n).toBeGreaterThan(100);
  });

  it("leaves the categories' listings and votes exactly as their triggers would have", async () => {
    expect(await categoryVotesDrift(sql)).toEqual([]);
  });

  it('vacuums every filled table after the last index was built (all-visible pages for index-only scans)', async () => {
    // Whether pages end up all-visible also depends on the server's other sessions (parallel test
    // files), so the test checks that the vacuums came last rather than the visibility map.
    const [built] = await sql`select max(last_analyze) as at from pg_stat_user_tables where relname <> 'listings'`;
    const rows = await sql`
      select relname, last_vacuum from pg_stat_user_tables
      where relname in ('listings', 'listing_categories', 'votes', 'follows', 'search_words', 'search_lexemes')`;
    expect(rows).toHaveLength(6);
    for (const r of rows)
      expect((r.last_vacuum as Date | null)?.getTime(), r.relname).toBeGreaterThan(built.at.getTime());
  });

  it('re-creates the indexes it dropped with their definitions, and marks the database', async () => {
    expect(await plainIndexes(sql)).toEqual(before);
    expect(before.map((i) => i.name)).toContain('listings_search_idx');
    expect(await readMarker(sql)).toEqual({ state: 'done', listings: COUNT });
  });

  it('finds a filled listing through searchListings, by its name first', async () => {
    const [target] = await sql`select slug, name from listings where slug = 'fill-123'`;
    const handle = await openDatabase({ url });
    try {
      const found = await searchListings(handle.db, { q: target.name, page: 1, per_page: 10 });
      expect(found.rows[0]?.slug).toBe('fill-123');
    } finally {
      await handle.close();
    }
  });

  it('reads back only the name lexemes a listing holds in no other field (the others are counted as the rows are made)', async () => {
    const [site] = await sql`select id from sites order by id limit 1`;
    const made = await sql`
      insert into listings (site_id, slug, name, url, headline, status) values
        (${site.id}, 'name-overlap-1', 'Ledger 424242', 'https://overlap-1.example.org', 'The ledger note for cloud teams', 'live'),
        (${site.id}, 'name-overlap-2', 'Zebrafin 424243', 'https://overlap-2.example.org', 'The ledger note for cloud teams', 'live')
      returning id`;
    const ids = made.map((r) => r.id as number);
    try {
      const found = await nameOnlyLexemes(sql, Math.min(...ids), Math.max(...ids), await stemTable(sql));
      // "ledger" is in the first listing's headline too: counted with the headline's words, not again.
      expect(found.map((r) => r.x).sort()).toEqual(['424242', '424243', 'zebrafin']);
    } finally {
      await sql`delete from listings where id = any(${ids}::int[])`;
    }
  });

  it('adds nothing when the database already holds the listings asked for', async () => {
    expect(await fillDatabase({ url, listings: COUNT })).toMatchObject({ added: 0, total: COUNT });
  });

  it('refuses a database holding a listing it did not make (exit 2), and fills it with --force', async () => {
    const [site] = await sql`select id from sites order by id limit 1`;
    await sql`insert into listings (site_id, slug, name, url, status) values (${site.id}, 'a-real-product', 'A real product', 'https://real.example.org', 'live')`;
    await expect(fillDatabase({ url, listings: COUNT + 10 })).rejects.toBeInstanceOf(FillRefusedError);
    const run = promisify(execFile)('npx', ['tsx', 'scripts/db-fill.ts', '--listings', String(COUNT + 10)], {
      env: { ...process.env, DATABASE_URL: url },
    });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('did not make') });
    expect(await fillDatabase({ url, listings: COUNT + 10, force: true })).toMatchObject({ added: 10 });
    expect(await categoryLexemeDrift(sql)).toEqual([]); // a second fill's counts summed with the first's
  });

  it('undoes a run that stopped half-way: its rows go and the dropped indexes come back', async () => {
    const index = before.find((i) => i.name === 'listings_launch_week_idx')!;
    const [{ hi }] = await sql`select max(id)::int as hi from listings`;
    await writeMarker(sql, { state: 'loading', indexes: [index], ids: [hi - 4, hi] });
    await sql.unsafe(`drop index ${index.name}`);
    const result = await fillDatabase({ url, listings: COUNT + 10, force: true });
    expect(result.added).toBe(5);
    expect(await plainIndexes(sql)).toEqual(before);
    expect(await categoryLexemeDrift(sql)).toEqual([]); // recounted by the undo, then added to
    expect(await categoryVotesDrift(sql)).toEqual([]);
  });
});
