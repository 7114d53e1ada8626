// npm run bench:search — GET /api/v1/listings?q=… on the production server vs the same SQL through
// postgres.js vs a naive ILIKE scan, at 100k listings on PostgreSQL (DATABASE_URL). Prints ratios.
// Three kinds of query: words that match (one round trip), a last word still being typed (prefix
// completion, one round trip) and typos (nothing matches: the correction lookup and a second search,
// three round trips). "Same SQL" runs exactly the statements the API runs for the query, in order.
// Env: BENCH_LISTINGS (100000), BENCH_SECONDS (10 per measurement), BENCH_WARMUP (15 s), BENCH_CONCURRENCY (4), BENCH_PORT,
// NEXT_DIST_DIR, BENCH_KEEP_DB=1 / BENCH_DB_NAME=<kept database> (see bench/lib/bench-database.ts).
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import * as schema from '../db/schema';
import { PUBLIC_READ_SETTINGS, RELEVANCE_SEARCH_SETTINGS } from '../db/server';
import { setWordSearchDb } from '../db/word-search';
import { searchListings } from '../lib/listings/search';
import { createBenchDatabase } from './lib/bench-database';
import { prepareBenchListings } from './lib/bulk-listings';
import { loadHttp, loadLoop, startProductionServer, table, type Result } from './lib/measure';

const COUNT = Number(process.env.BENCH_LISTINGS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
// A fresh server spends its first seconds compiling (JIT): on this 2-core VM its CPU per search fell
// from 3.2 ms in the first 10 s of load to 2.0 ms after 20 s. The figures are for a running server.
const WARMUP = Number(process.env.BENCH_WARMUP || 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4);
const KINDS = {
  words: [
    'invoice',
    'cloud pilot',
    'podcast',
    'kanban timer',
    'encryption vault',
    'newsletter',
    'recipe',
    'uptime monitor',
  ],
  prefix: ['invo', 'cloud pil', 'podc', 'kanban tim', 'encryption vau', 'newsl', 'reci', 'uptime mon'],
  typo: [
    'invoce',
    'cloud pilto',
    'podcats',
    'kanban timmer',
    'encyrption vault',
    'newsleter',
    'recipie',
    'uptime monitr',
  ],
};
type Kind = keyof typeof KINDS;

const bench = await createBenchDatabase('bench_search');
try {
  await prepareBenchListings(bench.url, COUNT); // a kept database (BENCH_DB_NAME) holding them is only migrated

  // The app's public-read session settings (custom plans, no JIT, its work_mem), and for the statements
  // ranked by relevance its search pool's (one generic plan each): "same SQL" runs as the API's would.
  const client = postgres(bench.url, { max: CONCURRENCY, onnotice: () => {}, connection: PUBLIC_READ_SETTINGS });
  const relevanceClient = postgres(bench.url, {
    max: CONCURRENCY,
    onnotice: () => {},
    connection: RELEVANCE_SEARCH_SETTINGS,
  });
  type Statement = { sql: string; params: unknown[]; on: postgres.Sql };
  /** Every statement the library sends while `capture` is set (drizzle's query log), with the client it ran on. */
  let capture: Statement[] | undefined;
  const loggingTo = (on: postgres.Sql) => ({
    logQuery: (sql: string, params: unknown[]) => void capture?.push({ sql, params, on }),
  });
  const db = drizzle({ client, schema, logger: loggingTo(client) });
  setWordSearchDb(db, drizzle({ client: relevanceClient, schema, logger: loggingTo(relevanceClient) }));

  /** The statements searchListings runs for q, recorded by running it once: for a typo the planning, the correction lookup and the corrected search. */
  async function statementsOf(q: string): Promise<{ statements: Statement[]; note: string }> {
    capture = [];
    const result = await searchListings(db as never, { q, page: 1, per_page: 20 });
    const statements = capture;
    capture = undefined;
    const note = `${JSON.stringify(q)} → ${result.total} results${result.correctedQuery ? `, corrected to ${JSON.stringify(result.correctedQuery)}` : ''}`;
    return { statements, note };
  }

  const plans: Record<Kind, Statement[][]> = { words: [], prefix: [], typo: [] };
  for (const kind of Object.keys(KINDS) as Kind[]) {
    for (const q of KINDS[kind]) {
      const { statements, note } = await statementsOf(q);
      plans[kind].push(statements);
      console.log(
        `${kind.padEnd(6)} ${note} (${statements.length} SQL ${statements.length === 1 ? 'statement' : 'statements'})`,
      );
    }
  }

  const first = plans.words[0].find((s) => s.sql.includes('"listings"."search" @@'))!;
  const plan = await first.on.unsafe(`explain ${first.sql}`, first.params as never[]);
  const planText = plan.map((r) => Object.values(r)[0]).join('\n');
  const usesGin = /listings_search_idx/.test(planText);
  console.log(`\nEXPLAIN (search for "${KINDS.words[0]}"):\n${planText}\n`);
  const correction = plans.typo[0].find((s) => s.sql.includes('search_words'))!;
  const correctionPlan = await client.unsafe(`explain analyze ${correction.sql}`, correction.params as never[]);
  console.log(
    `EXPLAIN ANALYZE (correction lookup for "${KINDS.typo[0]}"):\n${correctionPlan.map((r) => Object.values(r)[0]).join('\n')}\n`,
  );

  const port = process.env.BENCH_PORT || '3990';
  const server = await startProductionServer({
    PORT: port,
    DATABASE_URL: bench.url,
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next',
    APP_URL: `http://127.0.0.1:${port}`,
    API_RATE_LIMIT: '100000000', // one client drives the whole load; the per-request check still runs
  });
  try {
    const pathsOf = (kind: Kind) => KINDS[kind].map((q) => `/api/v1/listings?q=${encodeURIComponent(q)}&per_page=20`);
    const allPaths = (Object.keys(KINDS) as Kind[]).flatMap(pathsOf);
    // A cold server may answer a few 503s (a search waits at most SEARCH_QUEUE_WAIT_MS for a slot); the measured runs may not.
    await loadHttp('warm-up', server.url, allPaths, {
      concurrency: CONCURRENCY,
      seconds: WARMUP,
      tolerateErrors: true,
    });
    const allPlans = Object.values(plans).flat();
    await loadLoop(
      'warm-up, same SQL',
      async (i) => {
        for (const s of allPlans[i % allPlans.length]) await s.on.unsafe(s.sql, s.params as never[]);
      },
      { concurrency: CONCURRENCY, seconds: 3 },
    );
    const rows: Result[] = [];
    const ratios: string[] = [];
    let worstP95 = 0;
    let worstRatio = Infinity;
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const api = await loadHttp(`API, ${kind}`, server.url, pathsOf(kind), {
        concurrency: CONCURRENCY,
        seconds: SECONDS,
      });
      const list = plans[kind];
      const raw = await loadLoop(
        `same SQL, ${kind}`,
        async (i) => {
          for (const s of list[i % list.length]) await s.on.unsafe(s.sql, s.params as never[]);
        },
        { concurrency: CONCURRENCY, seconds: SECONDS },
      );
      rows.push(api, raw);
      ratios.push(
        `${kind}: API / raw SQL throughput ${(api.rps / raw.rps).toFixed(2)}, API p95 ${api.p95.toFixed(1)} ms`,
      );
      worstP95 = Math.max(worstP95, api.p95);
      worstRatio = Math.min(worstRatio, api.rps / raw.rps);
    }
    const ilike = await loadLoop(
      'naive ILIKE',
      (i) => {
        const pattern = `%${KINDS.words[i % KINDS.words.length]}%`;
        return client`select id, slug, name, url, headline, votes_count from listings where status = 'live'
        and (name ilike ${pattern} or headline ilike ${pattern} or summary ilike ${pattern} or description ilike ${pattern})
        order by votes_count desc limit 20`;
      },
      { concurrency: CONCURRENCY, seconds: SECONDS },
    );
    rows.push(ilike);
    table(rows);
    const words = rows.find((r) => r.label === 'same SQL, words')!;
    console.log(`\nlistings: ${COUNT}, concurrency: ${CONCURRENCY}, ${SECONDS}s each`);
    for (const line of ratios) console.log(line);
    console.log(`lowest API / raw SQL throughput: ${worstRatio.toFixed(2)}  (target ≥ 0.6)`);
    console.log(`highest API p95: ${worstP95.toFixed(1)} ms  (target ≤ 50 ms)`);
    console.log(`ILIKE p95 / search SQL p95 (words): ${(ilike.p95 / words.p95).toFixed(1)}×  (target ≥ 10×)`);
    console.log(`EXPLAIN uses a GIN index: ${usesGin ? 'yes' : 'NO'}`);
  } finally {
    server.stop();
    await client.end();
    await relevanceClient.end();
  }
} finally {
  await bench.drop();
}
process.exit(0);
