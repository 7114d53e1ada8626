// npm run bench:pages — server render of the product page and the home page on the production
// server at 100k listings on PostgreSQL (DATABASE_URL), and the compressed JavaScript a product
// page ships. Targets: product page p95 ≤ 50 ms, ≤ 150 KB of gzipped JavaScript. Render time is
// measured one request at a time; the same pages with BENCH_CONCURRENCY (4) in flight follow.
import { gzipSync } from 'node:zlib';
import { createBenchDatabase } from './lib/bench-database';
import { prepareBenchListings } from './lib/bulk-listings';
import { loadHttp, startBenchServer, table } from './lib/measure';

const COUNT = Number(process.env.BENCH_LISTINGS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const LOADED = Number(process.env.BENCH_CONCURRENCY || 4);
const PORT = process.env.BENCH_PORT || '3992';
const VISITS = Math.min(Number(process.env.BENCH_FIRST_VISITS || 1000), Math.floor(COUNT / 2));

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
    files.push({
      src: url,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      nomodule: /\bnomodule\b/i.test(tag),
    });
  }
  // inline scripts (the RSC payload) are part of the HTML document, not counted here
  const shipped = files.filter((f) => !f.nomodule);
  const sum = (fs: typeof files, k: 'raw' | 'gzip') => fs.reduce((n, f) => n + f[k], 0);
  return {
    files,
    count: shipped.length,
    raw: sum(shipped, 'raw'),
    gzip: sum(shipped, 'gzip'),
    legacyGzip: sum(
      files.filter((f) => f.nomodule),
      'gzip',
    ),
  };
}

const bench = await createBenchDatabase('bench_pages');
try {
  await prepareBenchListings(bench.url, COUNT); // a kept database (BENCH_DB_NAME) holding them is only migrated

  const distDir = process.env.NEXT_DIST_DIR || '.next-bench-pages';
  const server = await startBenchServer({ port: PORT, databaseUrl: bench.url, distDir });
  try {
    // Product pages spread over many listings, so a first visit misses the data cache. Two disjoint
    // sets of listings, one per concurrency, each visited exactly once.
    const step = Math.max(1, Math.floor(COUNT / (2 * VISITS)));
    const slug = (i: number) => `/p/fill-${1 + i * step}`;
    const firstSet = Array.from({ length: VISITS }, (_, i) => slug(2 * i));
    const loadedSet = Array.from({ length: VISITS }, (_, i) => slug(2 * i + 1));
    const first = await fetch(server.url + firstSet[0]);
    if (!first.ok) throw new Error(`${firstSet[0]}: ${first.status}`);
    // A running site is warm: compile the page's code paths on other listings (never measured)
    // before timing first visits, so the figure is a listing's first visit, not the server's.
    const others = step > 1 ? firstSet.map((_, i) => `/p/fill-${1 + 2 * i * step + Math.floor(step / 2)}`) : ['/'];
    await loadHttp('warm-up', server.url, others, { concurrency: LOADED, seconds: 3 });
    await loadHttp('warm-up', server.url, ['/'], { concurrency: LOADED, seconds: 2 });

    // Render time: one request at a time, so the latency is the server's work for that page.
    const cold = await loadHttp('product page, first visits', server.url, firstSet.slice(1), {
      concurrency: 1,
      seconds: 0,
      amount: VISITS - 1,
    });
    const cachedSet = firstSet.slice(1, 201);
    const product = await loadHttp('product page, cached data', server.url, cachedSet, {
      concurrency: 1,
      seconds: SECONDS,
    });
    const home = await loadHttp('home page', server.url, ['/'], { concurrency: 1, seconds: SECONDS });
    // Under load: LOADED requests in flight. The server renders one page at a time per process,
    // so each latency also holds the time spent waiting for the renders ahead of it.
    const coldLoaded = await loadHttp(`product page, first visits`, server.url, loadedSet, {
      concurrency: LOADED,
      seconds: 0,
      amount: VISITS,
    });
    const productLoaded = await loadHttp(`product page, cached data`, server.url, cachedSet, {
      concurrency: LOADED,
      seconds: SECONDS,
    });
    const homeLoaded = await loadHttp(`home page`, server.url, ['/'], { concurrency: LOADED, seconds: SECONDS });
    console.log('\nServer render time (one request at a time):');
    table([cold, product, home]);
    console.log(`\nUnder load (${LOADED} requests at once):`);
    table([coldLoaded, productLoaded, homeLoaded]);

    const js = await scriptBytes(server.url, firstSet[0]);
    console.log(
      `\nlistings: ${COUNT}, first visits: ${VISITS} listings each, cached data: ${cachedSet.length} listings, ${SECONDS}s each`,
    );
    console.log(
      `product page server render p95: ${cold.p95.toFixed(1)} ms first visits, ${product.p95.toFixed(1)} ms cached data  (target ≤ 50 ms)`,
    );
    console.log(
      `  with ${LOADED} requests at once: ${coldLoaded.p95.toFixed(1)} ms first visits, ${productLoaded.p95.toFixed(1)} ms cached data (${coldLoaded.rps.toFixed(0)} and ${productLoaded.rps.toFixed(0)} pages/s)`,
    );
    console.log(
      `home page server render p95: ${home.p95.toFixed(1)} ms; with ${LOADED} at once ${homeLoaded.p95.toFixed(1)} ms`,
    );
    for (const f of js.files)
      console.log(
        `  ${f.nomodule ? '(nomodule) ' : ''}${f.src}  ${(f.raw / 1024).toFixed(1)} KB raw, ${(f.gzip / 1024).toFixed(1)} KB gzip`,
      );
    console.log(
      `product page JavaScript: ${js.count} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip  (target ≤ 150 KB; legacy nomodule polyfills not counted: ${(js.legacyGzip / 1024).toFixed(1)} KB)`,
    );
  } finally {
    server.stop();
  }
} finally {
  await bench.drop();
}
process.exit(0);
