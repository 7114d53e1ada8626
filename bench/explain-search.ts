// npm run bench:explain — EXPLAIN (ANALYZE, BUFFERS) and timings of every search shape (a rare word, a
// word in most listings, two words, a typo, a prefix and one of many rare words, no q with each sort, a
// category, q + category, page 50) against a kept, filled database: BENCH_DB_NAME on DATABASE_URL's
// server (e.g. scale_1m filled by `npm run db:fill`). The words are picked from the database's own dictionary by how many
// listings use them. Prints each plan, then a table of p50/p95 of searchListings (what the API runs,
// without HTTP) over BENCH_RUNS runs (10), with the load average of the machine (figures taken on a busy
// machine are inflated). The connection plans every statement for its values (plan_cache_mode =
// force_custom_plan), without JIT and with 16 MB work_mem, as the app's public pools do (db/server.ts).
// BENCH_SHAPES=rare,q + category runs only the shapes whose label starts with one of those.
// BENCH_Q="interview receipt" explains that search instead (BENCH_SORT, BENCH_CATEGORY, BENCH_PAGE with it).
// BENCH_CONCURRENCY=4 also times each shape with that many searches at once (one connection each,
// BENCH_RUNS each): the database's side of concurrent API requests, without HTTP.
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { fillPlaceholders } from 'drizzle-orm';
import * as schema from '../db/schema';
import { PUBLIC_READ_SETTINGS, RELEVANCE_SEARCH_SETTINGS } from '../db/server';
import { setWordSearchDb } from '../db/word-search';
import {
  categoryIdsOf,
  planSearch,
  searchListings,
  searchQuery,
  searchValues,
  type SearchInput,
} from '../lib/listings/search';
import { percentile } from './lib/measure';

const base = process.env.DATABASE_URL;
const name = process.env.BENCH_DB_NAME;
if (!base || !name) {
  console.error('Set DATABASE_URL (a PostgreSQL server) and BENCH_DB_NAME (a filled database on it, e.g. scale_1m).');
  process.exit(2);
}
const url = new URL(base);
url.pathname = `/${name}`;
const RUNS = Number(process.env.BENCH_RUNS || 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 1);

/** Every client opened, to close at the end. */
const clients: postgres.Sql[] = [];
/**
 * A handle as the app's public pool is: the public-read settings, and for the searches ranked by
 * relevance a sibling connection with the search pool's (one generic plan per statement:
 * db/word-search.ts), so the timings are those of the plans the API runs. The EXPLAIN printed for a
 * shape is the plan made for its values (an unnamed statement), which for those searches differs.
 */
function handle() {
  const c = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: PUBLIC_READ_SETTINGS });
  const g = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: RELEVANCE_SEARCH_SETTINGS });
  clients.push(c, g);
  const db = drizzle({ client: c, schema });
  setWordSearchDb(db, drizzle({ client: g, schema }));
  return { c, db: db as never };
}
const { c: client, db } = handle();
/** One handle per concurrent searcher (prepared statements are per connection). */
const concurrent = Array.from({ length: CONCURRENCY > 1 ? CONCURRENCY : 0 }, handle);

const [{ live }] = await client`select count(*)::int as live from listings where status = 'live'`;
/** A dictionary word used by about `share` of the live listings (by name, headline and summary). */
async function wordUsedBy(share: number, minLength = 5): Promise<string> {
  const [row] = await client`select word from search_words where length(word) >= ${minLength} and word ~ '^[a-z]+$'
    order by abs(listings - ${Math.round(share * live)}) limit 1`;
  return row.word as string;
}
const common = await wordUsedBy(0.6);
const rare = await wordUsedBy(0.006);
const middle = await wordUsedBy(0.05);
/** Two words each in a few % of the listings (as bench:scale's "two words"): no bound proves many hold both. */
const [fewA, fewB] = [await wordUsedBy(0.02, 6), await wordUsedBy(0.03, 6)];
const [{ slug: category }] = await client`select c.slug from categories c
  join listing_categories lc on lc.category_id = c.id group by c.slug order by count(*) desc limit 1`;
const typo = rare.slice(0, 2) + rare[3] + rare[2] + rare.slice(4); // one transposition
/** The four letters that begin the most lexemes when none of them is in more than 10,000 listings (search_dense_prefix). */
const [{ p: dense }] = await client`select left(lexeme, 4) as p from search_lexemes where lexeme ~ '^[a-z]{4}'
  group by 1 having max(listings) <= 10000 and sum(listings) > 20002 order by count(*) desc limit 1`;

const shapes: [string, Omit<SearchInput, 'page' | 'per_page'> & { page?: number }][] = [
  [`rare word "${rare}"`, { q: rare }],
  [`word in most listings "${common}"`, { q: common }],
  [`two words "${common} ${middle}"`, { q: `${common} ${middle}` }],
  [`two uncommon words "${fewA} ${fewB}"`, { q: `${fewA} ${fewB}` }],
  [`typo "${typo}"`, { q: typo }],
  [`prefix "${middle.slice(0, 4)}"`, { q: middle.slice(0, 4) }],
  [`prefix of many rare words "${dense}"`, { q: dense as string }],
  ['no q, sort votes', { sort: 'votes' }],
  ['no q, sort newest', { sort: 'newest' }],
  ['no q, sort name', { sort: 'name' }],
  [`category "${category}"`, { category }],
  [`q + category "${middle}" in ${category}`, { q: middle, category }],
  ['page 50, no q', { page: 50 }],
  [`page 50, "${common}" by relevance`, { q: common, page: 50 }],
  [`page 50, "${common}" by newest`, { q: common, sort: 'newest', page: 50 }],
];

if (process.env.BENCH_Q) {
  const sort = process.env.BENCH_SORT as SearchInput['sort'];
  const category = process.env.BENCH_CATEGORY;
  const page = process.env.BENCH_PAGE ? Number(process.env.BENCH_PAGE) : undefined;
  shapes.splice(0, shapes.length, [
    `asked "${process.env.BENCH_Q}"`,
    { q: process.env.BENCH_Q, ...(sort ? { sort } : {}), ...(category ? { category } : {}), ...(page ? { page } : {}) },
  ]);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`${name}: ${live} live listings, load average ${load()}\n`);
const timings: { shape: string; results: string; p50: number; p95: number; p50n?: number; p95n?: number }[] = [];
const only = process.env.BENCH_SHAPES?.split(',').map((s) => s.trim());
for (const [label, shape] of shapes) {
  if (only && !only.some((o) => label.startsWith(o))) continue;
  const input: SearchInput = { page: 1, per_page: 20, ...shape };
  const found = await searchListings(db, input); // warms the cache and tells what the API answers
  const how = await planSearch(db, input); // the plan the statement takes inside (proven, walk)
  const { sql: text, params } = searchQuery(db, input).toSQL();
  const ids = input.category ? await categoryIdsOf(db, input.category) : [];
  const values = fillPlaceholders(params, searchValues(input, undefined, ids));
  const plan = await client.unsafe(`explain (analyze, buffers) ${text}`, values as never[]);
  console.log(`### ${label}\n`);
  if (how.total !== null)
    console.log(`plan: ${how.proven ? 'proven' : `total ${how.total}`}${how.walk ? ', walk' : ''}\n`);
  console.log(
    `${found.total}${found.totalExact ? '' : '+'} results${found.correctedQuery ? `, corrected to "${found.correctedQuery}"` : ''}\n`,
  );
  console.log('```\n' + plan.map((r) => Object.values(r)[0]).join('\n') + '\n```\n');
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await searchListings(db, input);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms (${RUNS} runs)\n`,
  );
  const together: number[] = [];
  if (concurrent.length > 0) {
    await Promise.all(concurrent.map((h) => searchListings(h.db, input))); // warm each connection
    await Promise.all(
      concurrent.map(async (h) => {
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await searchListings(h.db, input);
          together.push(performance.now() - t);
        }
      }),
    );
    together.sort((a, b) => a - b);
    console.log(
      `${label}, ${CONCURRENCY} at once: p50 ${percentile(together, 50).toFixed(1)} ms, p95 ${percentile(together, 95).toFixed(1)} ms\n`,
    );
  }
  timings.push({
    shape: label,
    results: `${found.total}${found.totalExact ? '' : '+'}`,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    ...(together.length > 0 ? { p50n: percentile(together, 50), p95n: percentile(together, 95) } : {}),
  });
}

console.log(`load average ${load()}, ${RUNS} runs per shape\n`);
const n = concurrent.length;
console.log(
  `| shape | results | p50 ms | p95 ms |${n ? ` p50 ms, ${n} at once | p95 ms, ${n} at once |` : ''}\n|---|---|---|---|${n ? '---|---|' : ''}`,
);
for (const t of timings)
  console.log(
    `| ${t.shape} | ${t.results} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} |${n ? ` ${t.p50n?.toFixed(1)} | ${t.p95n?.toFixed(1)} |` : ''}`,
  );
await Promise.all(clients.map((c) => c.end()));
