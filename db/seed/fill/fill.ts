// db:fill — N synthetic live listings (with categories, votes, follows and launches) in a PostgreSQL
// database, fast: the plain indexes of the filled tables are dropped, rows arrive by COPY on parallel
// connections with triggers off (session_replication_role = replica: the per-row foreign-key checks and
// the search dictionary's statement trigger), then the indexes are re-created from their captured
// definitions, the dictionary gets the counts of the rows made, and the tables are vacuumed and analysed.
// The lexeme counts (search_lexemes, search_category_lexemes) of the words drawn for headlines, summaries
// and descriptions are counted while the rows are made (their lexemes read once from to_tsvector);
// only the names' lexemes are read back from the search vectors.
// Only a superuser (or a role allowed to set session_replication_role) can run it.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres, { type Sql } from 'postgres';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { isSeeded, seedDatabase, DEMO_SITES } from '@/db/seed/seed';
import { demoListings, upcomingListings } from '@/db/seed/demo-listings';
import { slugify } from '@/lib/listings/slug';
import { siteKey } from '@/lib/site/site';
import {
  FILLED_TABLES,
  missingIndexes,
  plainIndexes,
  readMarker,
  writeMarker,
  type DroppedIndex,
  type FillMarker,
} from './marker';
import {
  addCategoryLexemes,
  addLexemeCounts,
  insertMadeLexemes,
  mergeCategoryLexemeRows,
  mergeLexemes,
  stemTable,
  type MadeLexemes,
} from './lexemes';
import { LISTING_CATEGORY_COPY_COLUMNS, LISTING_COPY_COLUMNS, listingRows, type StemTable } from './rows';

/** The database holds listings db:fill did not make (a real site?) and --force was not given. */
export class FillRefusedError extends Error {}

export type FillOptions = {
  /** PostgreSQL URL of the database to fill. */
  url: string;
  /** How many fill listings the database should hold in the end (existing ones count). */
  listings: number;
  force?: boolean;
  /** Parallel connections (default 2). */
  jobs?: number;
  log?: (message: string) => void;
};

export type FillResult = { added: number; total: number; seconds: number };

const CHUNK = 50_000;
const SLICE = 2_000;
const VOTERS = 60;
/** A fill listing: slug fill-<n> and its own example.com address. */
const OURS = `(slug ~ '^fill-[0-9]+$' and url = 'https://' || slug || '.example.com')`;
/** Made by the bench loader before db:fill (slug bench-<n>): not counted as filled, not refused either. */
const LEGACY = `(slug ~ '^bench-[0-9]+$' and url = 'https://' || slug || '.example.com')`;

export async function fillDatabase(opts: FillOptions): Promise<FillResult> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const handle = await openDatabase({ url: opts.url });
  try {
    await migrate(handle);
    if (!(await isSeeded(handle.db))) {
      await seedDatabase(handle.db, { demo: true });
      log(`seeded the catalog and the demo data (${elapsed()})`);
    }
  } finally {
    await handle.close();
  }

  const sql = await session(opts.url);
  const workers: Sql[] = [];
  try {
    // Two fills of one database at once (two benches) would drop each other's indexes: one waits.
    await sql`select pg_advisory_lock(hashtext('db:fill'))`;
    const marker = await readMarker(sql);
    if (marker?.state === 'loading') await undoInterruptedFill(sql, marker, log);
    const census = await countListings(sql);
    if (census.foreign > 0 && !opts.force)
      throw new FillRefusedError(
        `This database holds ${census.foreign} listings that db:fill did not make: refusing to fill it (--force to fill anyway).`,
      );
    const add = Math.max(0, opts.listings - census.filled);
    if (add === 0) {
      log(`${census.filled} fill listings already: nothing to add (${elapsed()})`);
      return { added: 0, total: census.filled, seconds: (performance.now() - started) / 1000 };
    }

    const siteId = (await sql<{ id: number }[]>`select id from sites where key = ${siteKey()}`)[0].id;
    const [lo, hi] = await reserveIds(sql, add);
    const indexes = await plainIndexes(sql);
    await writeMarker(sql, { state: 'loading', indexes, ids: [lo, hi] });
    for (const i of indexes) await sql.unsafe(`drop index if exists "${i.name}"`);
    log(`adding ${add} listings (ids ${lo}–${hi}); dropped ${indexes.length} indexes to re-create after`);

    const jobs = opts.jobs && Number.isInteger(opts.jobs) && opts.jobs > 0 ? opts.jobs : 2;
    for (let j = 0; j < jobs; j++) workers.push(await session(opts.url));
    const categories = (await sql<{ id: number }[]>`select id from categories order by position, id`).map((c) => c.id);
    const stems = await stemTable(sql);
    const made: Made = {
      words: new Map(),
      categories: [],
      categoryCounts: new Map(),
      lexemes: new Int32Array(stems.lexemes.length),
      categoryLexemes: new Map(),
    };
    const now = Date.now();
    let next = 0;
    let done = 0;
    const size = Math.min(CHUNK, Math.ceil(add / jobs));
    await Promise.all(
      workers.map(async (w) => {
        while (next < add) {
          const offset = next;
          next += size;
          const count = Math.min(size, add - offset);
          const from = census.last + 1 + offset;
          const copy = await w.unsafe(`copy listings (${LISTING_COPY_COLUMNS}) from stdin`).writable();
          await pipeline(
            Readable.from(slices({ from, count, firstId: lo + offset, siteId, now, categories, stems }, made)),
            copy,
          );
          done += count;
          log(`listings ${done}/${add} (${elapsed()})`);
        }
      }),
    );

    const voters = await fillVoters(sql);
    const rebuild = (table: string) => indexes.filter((i) => i.table === table);
    const listingIndexes = rebuild('listings').sort((a, b) => weight(b) - weight(a));
    /** Each other table: its rows, then its indexes, then statistics (its vacuum comes at the end). */
    const load = (table: string, insert: (w: Sql) => Promise<unknown>): Job => [
      table,
      async (w) => {
        await insert(w);
        await createAll(w, rebuild(table));
        await w.unsafe(`analyze ${table}`);
      },
    ];
    // The listings' full-text GIN indexes are the longest steps: first, one per connection, then the rest.
    const texts = listingIndexes.filter((i) => weight(i) === 2);
    // Counted by an earlier fill: the categories' lexeme rows of both are merged after.
    const [{ counted }] = await sql<
      { counted: boolean }[]
    >`select exists (select 1 from search_category_lexemes) as counted`;
    const queue: Job[] = [
      ...texts.map(indexJob),
      load('search_lexemes', (w) => insertMadeLexemes(w, lo, hi, add, made, stems)),
      load('listing_categories', (w) => copyCategories(w, made.categories)),
      load('votes', (w) => insertVotes(w, lo, hi, voters)),
      load('search_words', (w) => mergeDictionary(w, made.words)),
      ['category_live_counts', (w) => mergeCategoryCounts(w, made.categoryCounts)],
      load('follows', (w) => insertFollows(w, lo, hi, voters)),
      load('category_votes', (w) => insertCategoryVotes(w, lo, hi)),
      ...listingIndexes.filter((i) => weight(i) < 2).map(indexJob),
    ];
    await Promise.all(
      workers.map(async (w) => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          await job[1](w);
          log(`${job[0]} (${elapsed()})`);
        }
      }),
    );

    if (counted) await mergeCategoryLexemeRows(sql);
    await createAll(sql, rebuild('search_category_lexemes'));
    await sql`analyze search_category_lexemes`;

    const total = census.filled + add;
    await writeMarker(sql, { state: 'done', listings: total });
    // Every filled table is vacuumed (visibility map) once no index build runs: a vacuum beside the
    // other connection's build cannot mark the pages all-visible (the build's snapshot is older than
    // the rows), and index-only scans (a category's count) would visit every heap page.
    await Promise.all([
      sql`vacuum (analyze) listings`,
      workers[0].unsafe(`vacuum ${FILLED_TABLES.filter((t) => t !== 'listings').join(', ')}`),
    ]);
    log(`filled: ${total} fill listings, ${add} added in ${elapsed()}`);
    return { added: add, total, seconds: (performance.now() - started) / 1000 };
  } finally {
    await Promise.all([sql, ...workers].map((s) => s.end()));
  }
}

/**
 * What the listings' COPY made beside the rows: the dictionary's word counts, the category rows and their
 * live counts, and the listings holding each lexeme of a StemTable in their headline, summary or
 * description, in all and per category.
 */
type Made = MadeLexemes & {
  words: Map<string, number>;
  categories: Buffer[];
  categoryCounts: Map<number, number>;
};

/**
 * A chunk's COPY text in slices made one at a time: generating a whole chunk at once blocked the event
 * loop, and the other connection's COPY got no data meanwhile. Adds the slices' word counts and
 * listing_categories rows to `made`.
 */
async function* slices(
  chunk: {
    from: number;
    count: number;
    firstId: number;
    siteId: number;
    now: number;
    categories: number[];
    stems: StemTable;
  },
  made: Made,
) {
  for (let i = 0; i < chunk.count; i += SLICE) {
    const from = chunk.from + i;
    const to = Math.min(chunk.from + chunk.count, from + SLICE) - 1;
    const rows = listingRows({ ...chunk, from, to, firstId: chunk.firstId + i });
    for (const [word, n] of rows.words) made.words.set(word, (made.words.get(word) ?? 0) + n);
    for (const [id, n] of rows.categoryCounts) made.categoryCounts.set(id, (made.categoryCounts.get(id) ?? 0) + n);
    addLexemeCounts(made, rows);
    made.categories.push(Buffer.from(rows.categories));
    yield rows.text;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One connection with triggers off for this session only, UTC dates and no wait for WAL flushes. */
async function session(url: string): Promise<Sql> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`set session_replication_role = replica`;
  } catch (e) {
    await sql.end();
    throw new Error(`db:fill needs a role that may set session_replication_role (a superuser): ${String(e)}`);
  }
  await sql`set timezone = 'UTC'`;
  await sql`set synchronous_commit = off`;
  await sql`set maintenance_work_mem = '1GB'`;
  return sql;
}

/** Slugs of the listings the demo seed makes (on this site and the other demo site). */
function demoSlugs(): string[] {
  const slugs = [...demoListings, ...upcomingListings].map(([name]) => slugify(name));
  return [...slugs, ...slugs.flatMap((s) => DEMO_SITES.map((site) => `${s}-${site.key}`))];
}

async function countListings(sql: Sql) {
  const [row] = await sql<{ filled: number; foreign: number; last: number }[]>`
    select count(*) filter (where ours)::int as filled,
      count(*) filter (where not ours and not legacy and slug <> all(${demoSlugs()}))::int as "foreign",
      coalesce(max(substring(slug from 6)::int) filter (where ours), 0)::int as last
    from (select slug, ${sql.unsafe(OURS)} as ours, ${sql.unsafe(LEGACY)} as legacy from listings) l`;
  return row;
}

/** Moves the id sequence past `count` ids and returns them: the rows are COPYed with their ids. */
async function reserveIds(sql: Sql, count: number): Promise<[number, number]> {
  const [{ seq }] = await sql<{ seq: string }[]>`select pg_get_serial_sequence('listings', 'id') as seq`;
  const [{ hi }] = await sql.unsafe<{ hi: number }[]>(
    `select setval('${seq}', greatest((select coalesce(max(id), 0) from listings), (select last_value from ${seq})) + ${count})::int as hi`,
  );
  return [hi - count + 1, hi];
}

/** Build order: the GIN indexes holding the full-text vectors (the longest steps), then the other GIN indexes, then the btrees. */
const weight = (i: DroppedIndex) => (/using gin/i.test(i.definition) ? (/\bsearch\b/.test(i.definition) ? 2 : 1) : 0);
type Job = [name: string, run: (w: Sql) => Promise<unknown>];
const indexJob = (i: DroppedIndex): Job => [`index ${i.name}`, (w) => w.unsafe(i.definition)];
async function createAll(sql: Sql, indexes: DroppedIndex[]) {
  for (const i of indexes) await sql.unsafe(i.definition);
}

/** The users who cast the fill's votes and follows (fill-voter-NN@fill.example.com). */
async function fillVoters(sql: Sql): Promise<string[]> {
  await sql`
    insert into users (id, email, name)
    select gen_random_uuid()::text, 'fill-voter-' || lpad(i::text, 2, '0') || '@fill.example.com', 'Fill voter ' || i
    from generate_series(1, ${VOTERS}) i
    on conflict (email) do nothing`;
  const rows = await sql<{ id: string }[]>`
    select id from users where email like 'fill-voter-%@fill.example.com' order by email`;
  return rows.map((r) => r.id);
}

/**
 * The listings' categories as made with them (rows.ts: a primary category, the first ones more often,
 * and a second one for 40 %); the listings' COPY already wrote the same ids into category_ids.
 */
async function copyCategories(sql: Sql, parts: Buffer[]) {
  const copy = await sql.unsafe(`copy listing_categories (${LISTING_CATEGORY_COPY_COLUMNS}) from stdin`).writable();
  await pipeline(Readable.from(parts), copy);
}

/** One vote row per counted vote, cast within three days of the launch (so votes_count = the rows). */
function insertVotes(sql: Sql, lo: number, hi: number, voters: string[]) {
  return sql`
    insert into votes (listing_id, user_id, week, created_at)
    select l.id, (${voters}::text[])[k], to_char(v.at, 'IYYY-"W"IW'), v.at
    from listings l, generate_series(1, l.votes_count) k,
      lateral (select l.launched_at + random() * least(interval '3 days', now() - l.launched_at) as at) v
    where l.id between ${lo} and ${hi} and l.votes_count > 0`;
}

/** One listing in eight has one to three followers. */
function insertFollows(sql: Sql, lo: number, hi: number, voters: string[]) {
  return sql`
    insert into follows (listing_id, user_id, created_at)
    select l.id, (${voters}::text[])[k], l.launched_at
    from listings l, generate_series(1, 1 + l.id % 3) k
    where l.id between ${lo} and ${hi} and l.id % 8 = 0`;
}

/** Adds the made rows' word counts to the search dictionary, as its trigger would (migration 0006). */
async function mergeDictionary(sql: Sql, counts: Map<string, number>) {
  const all = [...counts];
  for (let i = 0; i < all.length; i += 100_000) {
    const part = all.slice(i, i + 100_000);
    await sql`
      insert into search_words as s (word, lexeme, listings)
      select word, lexeme, d from (
        select w.word, (ts_lexize('english_stem'::regdictionary, w.word))[1] as lexeme, w.d
        from unnest(${part.map((p) => p[0])}::text[], ${part.map((p) => p[1])}::int[]) as w(word, d)
        where length(w.word) >= 3 and w.word !~ '[0-9_]') x
      where lexeme is not null
      on conflict (word) do update set listings = s.listings + excluded.listings`;
  }
}

/** Adds the made listings (all live) to their categories' counts, as its trigger would (migration 0019). */
function mergeCategoryCounts(sql: Sql, counts: Map<number, number>) {
  return sql`
    insert into category_live_counts as s (category_id, listings)
    select * from unnest(${[...counts.keys()]}::int[], ${[...counts.values()]}::int[])
    on conflict (category_id) do update set listings = s.listings + excluded.listings`;
}

/** The live listings lo..hi in their categories with their votes, as their trigger would add them (migration 0021). */
function insertCategoryVotes(sql: Sql, lo: number, hi: number) {
  return sql`
    insert into category_votes (category_id, listing_id, votes_count)
    select k, l.id, l.votes_count from listings l, unnest(l.category_ids) k
    where l.status = 'live' and l.id between ${lo} and ${hi}
    order by k, l.id`;
}

/** A run that died while loading: its rows go, the dropped indexes come back, the dictionary is recounted. */
async function undoInterruptedFill(
  sql: Sql,
  marker: Extract<FillMarker, { state: 'loading' }>,
  log: (m: string) => void,
) {
  log('an earlier fill stopped half-way: undoing it');
  const [lo, hi] = marker.ids;
  for (const t of ['votes', 'listing_categories', 'follows', 'category_votes'])
    await sql.unsafe(`delete from ${t} where listing_id between ${lo} and ${hi}`);
  await sql.unsafe(`delete from listings where id between ${lo} and ${hi} and ${OURS}`);
  await sql`delete from search_words`;
  await sql`
    insert into search_words (word, lexeme, listings)
    select x.word, min(x.lexeme), count(*)::int
    from listings l, search_words_of(l.name, l.headline, l.summary) x
    where l.status = 'live'
    group by x.word`;
  await sql`delete from search_lexemes`;
  await mergeLexemes(sql, 1, 2 ** 31 - 1);
  await sql`delete from category_live_counts`;
  await sql`
    insert into category_live_counts (category_id, listings)
    select x, count(*)::int from listings, unnest(category_ids) x where status = 'live' group by x`;
  await sql`delete from search_category_lexemes`;
  await addCategoryLexemes(sql, 1, 2 ** 31 - 1);
  await createAll(sql, await missingIndexes(sql, marker.indexes));
  await writeMarker(sql, { state: 'done', listings: 0 });
}
