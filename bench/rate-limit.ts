// `npx tsx bench/rate-limit.ts`: what one rate-limit check costs — our limiter (one atomic upsert in
// the shared database) against rate-limiter-flexible's Drizzle store (also one upsert) and its
// memory store (per process, not shared) — on PGlite, and on PostgreSQL when DATABASE_URL is set.
// Used to choose the API limiter (lib/rate-limit/api-limit.ts); not part of `npm run bench`.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { RateLimiterDrizzle, RateLimiterMemory } from 'rate-limiter-flexible';
import { openDatabase, type Db } from '../db/client';
import { openEmbedded } from '../db/embedded';
import { migrate } from '../db/migrate';
import { hitRateLimit } from '../lib/rate-limit/limiter';
import { createBenchDatabase } from './lib/bench-database';

const CALLS = 3000;
const KEYS = 50; // 50 credentials taking turns
const rlfTable = pgTable('rlf_bench', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});

async function time(name: string, hit: (key: string) => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await hit(`warm-${i % KEYS}`);
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) await hit(`k-${i % KEYS}`);
  const us = ((performance.now() - start) / CALLS) * 1000;
  console.log(`  ${name.padEnd(42)} ${us.toFixed(0).padStart(6)} µs per check`);
}

async function run(label: string, db: Db) {
  console.log(label);
  await db.execute(
    sql`create table if not exists rlf_bench (key text primary key, points integer not null, expire timestamptz)`,
  );
  const rule = { limit: 1_000_000, windowMs: 60_000 };
  await time('ours: hitRateLimit (shared, DB upsert)', (key) => hitRateLimit(db, `api:${key}`, rule));
  const drizzleStore = new RateLimiterDrizzle({
    storeClient: db,
    schema: rlfTable,
    points: 1_000_000,
    duration: 60,
    clearExpiredByTimeout: false,
  });
  await time('rate-limiter-flexible Drizzle (shared)', (key) => drizzleStore.consume(key));
  const memory = new RateLimiterMemory({ points: 1_000_000, duration: 60 });
  await time('rate-limiter-flexible memory (per process)', (key) => memory.consume(key));
}

const embedded = await openEmbedded('memory');
await migrate(embedded);
await run('PGlite (in memory)', embedded.db);
await embedded.close();

if (process.env.DATABASE_URL) {
  const bench = await createBenchDatabase('bench_ratelimit');
  const handle = await openDatabase({ url: bench.url });
  await migrate(handle);
  await run('PostgreSQL (127.0.0.1)', handle.db);
  await handle.close();
  await bench.drop();
}
