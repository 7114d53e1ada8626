// npm run bench:pages — server render of the product page and the home page on the production
// server at 100k listings on PostgreSQL (DATABASE_URL), and the compressed JavaScript a product
// page ships. Targets: product page p95 ≤ 50 ms, ≤ 150 KB of gzipped JavaScript.
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { createBenchDatabase } from './lib/bench-database';
import { bulkInsertListings } from './lib/bulk-listings';
import { loadHttp, startProductionServer, table } from './lib/measure';

const COUNT = Number(process.env.BENCH_LISTINGS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4);
const PORT = process.env.BENCH_PORT || '3992';
const SLUGS = Number(process.env.BENCH_SLUGS || 2000);

/** Gzipped size of every script a page loads by `<script src>` (what a first visit downloads). */
async function scriptBytes(baseUrl: string, path: string): Promise<{ files: number; raw: number; gzip: number }> {
  const html = await (await fetch(baseUrl + path)).text();
  const srcs = [...new Set([...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')))];
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const res = await fetch(new URL(src, baseUrl));
    if (!res.ok) throw new Error(`${src}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  // inline scripts (the RSC payload) are part of the HTML document, not counted here
  return { files: srcs.length, raw, gzip };
}

const bench = await createBenchDatabase('bench_pages');
try {
  console.log(`Preparing ${COUNT} listings in a fresh database…`);
  const handle = await openDatabase({ url: bench.url });
  await migrate(handle);
  await seedDatabase(handle.db);
  await handle.close();
  await bulkInsertListings(bench.url, COUNT);

  const server = await startProductionServer({ PORT, DATABASE_URL: bench.url, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-bench-pages', APP_URL: `http://127.0.0.1:${PORT}` });
  try {
    // Product pages spread over many listings, so most renders miss the data cache at first.
    const step = Math.max(1, Math.floor(COUNT / SLUGS));
    const products = Array.from({ length: Math.min(SLUGS, COUNT) }, (_, i) => `/p/bench-${1 + i * step}`);
    const first = await fetch(server.url + products[0]);
    if (!first.ok) throw new Error(`${products[0]}: ${first.status}`);
    const cold = await loadHttp('product page, first visits', server.url, products, { concurrency: CONCURRENCY, seconds: SECONDS });
    const product = await loadHttp('product page', server.url, products, { concurrency: CONCURRENCY, seconds: SECONDS });
    await loadHttp('warm-up', server.url, ['/'], { concurrency: CONCURRENCY, seconds: 2 });
    const home = await loadHttp('home page', server.url, ['/'], { concurrency: CONCURRENCY, seconds: SECONDS });
    table([cold, product, home]);

    const js = await scriptBytes(server.url, products[0]);
    console.log(`\nlistings: ${COUNT}, product slugs rotated: ${products.length}, concurrency: ${CONCURRENCY}, ${SECONDS}s each`);
    console.log(`product page p95: ${product.p95.toFixed(1)} ms  (target ≤ 50 ms)`);
    console.log(`home page p95: ${home.p95.toFixed(1)} ms`);
    console.log(`product page JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip  (target ≤ 150 KB)`);
  } finally {
    server.stop();
  }
} finally {
  await bench.drop();
}
process.exit(0);
