// npm run bench:pages — server render of the product page and the home page on the production
// server at 100k listings on PostgreSQL (DATABASE_URL), and the compressed JavaScript a product
// page ships. Targets: product page p95 ≤ 50 ms, ≤ 150 KB of gzipped JavaScript.
import { gzipSync } from 'node:zlib';
import { createBenchDatabase } from './lib/bench-database';
import { prepareBenchListings } from './lib/bulk-listings';
import { loadHttp, startProductionServer, table } from './lib/measure';

const COUNT = Number(process.env.BENCH_LISTINGS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4);
const PORT = process.env.BENCH_PORT || '3992';
const SLUGS = Number(process.env.BENCH_SLUGS || 2000);

/** Gzipped size of every script a page loads by `<script src>` (what a first visit downloads).
 * `nomodule` scripts (legacy polyfills) are listed apart: modern browsers never fetch them. */
async function scriptBytes(baseUrl: string, path: string) {
  const html = await (await fetch(baseUrl + path)).text();
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
  const seen = new Set<string>();
  const files: { src: string; raw: number; gzip: number; nomodule: boolean }[] = [];
  for (const [tag, src] of tags) {
    const url = src.replace(/&amp;/g, '&');
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await fetch(new URL(url, baseUrl));
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    files.push({ src: url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, nomodule: /\bnomodule\b/i.test(tag) });
  }
  // inline scripts (the RSC payload) are part of the HTML document, not counted here
  const shipped = files.filter((f) => !f.nomodule);
  const sum = (fs: typeof files, k: 'raw' | 'gzip') => fs.reduce((n, f) => n + f[k], 0);
  return { files, count: shipped.length, raw: sum(shipped, 'raw'), gzip: sum(shipped, 'gzip'), legacyGzip: sum(files.filter((f) => f.nomodule), 'gzip') };
}

const bench = await createBenchDatabase('bench_pages');
try {
  await prepareBenchListings(bench.url, COUNT);

  const server = await startProductionServer({ PORT, DATABASE_URL: bench.url, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-bench-pages', APP_URL: `http://127.0.0.1:${PORT}` });
  try {
    // Product pages spread over many listings, so most renders miss the data cache at first.
    const step = Math.max(1, Math.floor(COUNT / SLUGS));
    const products = Array.from({ length: Math.min(SLUGS, COUNT) }, (_, i) => `/p/bench-${1 + i * step}`);
    const first = await fetch(server.url + products[0]);
    if (!first.ok) throw new Error(`${products[0]}: ${first.status}`);
    const cold = await loadHttp('product page, first visits', server.url, products, { concurrency: CONCURRENCY, seconds: SECONDS });
    // the same listings again: their data is now in the cache, the page still renders per request
    const product = await loadHttp('product page, cached data', server.url, products.slice(0, Math.max(1, Math.min(cold.requests, 200))), { concurrency: CONCURRENCY, seconds: SECONDS });
    await loadHttp('warm-up', server.url, ['/'], { concurrency: CONCURRENCY, seconds: 2 });
    const home = await loadHttp('home page', server.url, ['/'], { concurrency: CONCURRENCY, seconds: SECONDS });
    table([cold, product, home]);

    const js = await scriptBytes(server.url, products[0]);
    console.log(`\nlistings: ${COUNT}, product slugs rotated: ${products.length}, concurrency: ${CONCURRENCY}, ${SECONDS}s each`);
    console.log(`product page p95: ${product.p95.toFixed(1)} ms cached data, ${cold.p95.toFixed(1)} ms first visits  (target ≤ 50 ms)`);
    console.log(`home page p95: ${home.p95.toFixed(1)} ms`);
    for (const f of js.files) console.log(`  ${f.nomodule ? '(nomodule) ' : ''}${f.src}  ${(f.raw / 1024).toFixed(1)} KB raw, ${(f.gzip / 1024).toFixed(1)} KB gzip`);
    console.log(`product page JavaScript: ${js.count} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip  (target ≤ 150 KB; legacy nomodule polyfills not counted: ${(js.legacyGzip / 1024).toFixed(1)} KB)`);
  } finally {
    server.stop();
  }
} finally {
  await bench.drop();
}
process.exit(0);
