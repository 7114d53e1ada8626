// npm run bench:search — GET /api/v1/listings?q=… on the production server vs the same SQL through
// postgres.js vs a naive ILIKE scan, at 100k listings on PostgreSQL (DATABASE_URL). Prints ratios.
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import * as schema from '../db/schema';
import { searchQuery } from '../lib/listings/search';
import { createBenchDatabase } from './lib/bench-database';
import { prepareBenchListings } from './lib/bulk-listings';
import { loadHttp, loadLoop, startProductionServer, table } from './lib/measure';

const COUNT = Number(process.env.BENCH_LISTINGS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4);
const QUERIES = ['invoice', 'cloud pilot', 'podcast', 'kanban timer', 'encryption vault', 'newsletter', 'recipe', 'uptime monitor'];

const bench = await createBenchDatabase('bench_search');
try {
  await prepareBenchListings(bench.url, COUNT);

  const client = postgres(bench.url, { max: CONCURRENCY, onnotice: () => {} });
  const db = drizzle({ client, schema });
  const statements = QUERIES.map((q) => searchQuery(db as never, { q, page: 1, per_page: 20 }).toSQL());

  const plan = await client.unsafe(`explain ${statements[0].sql}`, statements[0].params as never[]);
  const planText = plan.map((r) => Object.values(r)[0]).join('\n');
  const usesGin = /listings_search_idx|listings_name_trgm_idx/.test(planText);
  console.log(`\nEXPLAIN (search for "${QUERIES[0]}"):\n${planText}\n`);

  const server = await startProductionServer({ PORT: process.env.BENCH_PORT || '3990', DATABASE_URL: bench.url, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next', APP_URL: 'http://127.0.0.1:3990' });
  try {
    const paths = QUERIES.map((q) => `/api/v1/listings?q=${encodeURIComponent(q)}&per_page=20`);
    await loadHttp('warm-up', server.url, paths, { concurrency: CONCURRENCY, seconds: 3 });
    const api = await loadHttp('API GET /listings?q=', server.url, paths, { concurrency: CONCURRENCY, seconds: SECONDS });
    const raw = await loadLoop('same SQL via postgres.js', (i) => client.unsafe(statements[i % statements.length].sql, statements[i % statements.length].params as never[]), { concurrency: CONCURRENCY, seconds: SECONDS });
    const ilike = await loadLoop('naive ILIKE', (i) => {
      const pattern = `%${QUERIES[i % QUERIES.length]}%`;
      return client`select id, slug, name, url, headline, votes_count from listings where status = 'live'
        and (name ilike ${pattern} or headline ilike ${pattern} or summary ilike ${pattern} or description ilike ${pattern})
        order by votes_count desc limit 20`;
    }, { concurrency: CONCURRENCY, seconds: SECONDS });
    table([api, raw, ilike]);
    console.log(`\nlistings: ${COUNT}, concurrency: ${CONCURRENCY}, ${SECONDS}s each`);
    console.log(`API throughput / raw SQL throughput: ${(api.rps / raw.rps).toFixed(2)}  (target ≥ 0.6)`);
    console.log(`API p95: ${api.p95.toFixed(1)} ms  (target ≤ 50 ms)`);
    console.log(`ILIKE p95 / search SQL p95: ${(ilike.p95 / raw.p95).toFixed(1)}×  (target ≥ 10×)`);
    console.log(`ILIKE throughput / search SQL throughput: ${(ilike.rps / raw.rps).toFixed(3)}`);
    console.log(`EXPLAIN uses a GIN index: ${usesGin ? 'yes' : 'NO'}`);
  } finally {
    server.stop();
    await client.end();
  }
} finally {
  await bench.drop();
}
process.exit(0);
