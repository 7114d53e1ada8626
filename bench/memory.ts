// npm run bench:memory — the production server's memory after rendering many distinct product
// pages (DATABASE_URL on PostgreSQL; BENCH_DB_NAME reuses a kept database, else a fresh one with
// BENCH_LISTINGS listings). BENCH_PAGES (10,000) distinct /p/<slug> pages, BENCH_CONCURRENCY (4) at
// a time; the server's RSS every 500 pages. Target: ≤ BENCH_RSS_LIMIT_MB (600) after the last
// page; exits 1 above it. BENCH_HEAP_SNAPSHOTS=<folder> also writes a heap snapshot before and after.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import postgres from 'postgres';
import { createBenchDatabase } from './lib/bench-database';
import { prepareBenchListings } from './lib/bulk-listings';
import { openInspector, type Inspector } from './lib/inspector';
import { startBenchServer } from './lib/measure';
import { cpuSeconds, findNextServerPid, residentMb } from './lib/process-memory';

const PAGES = Number(process.env.BENCH_PAGES || 10_000);
const LISTINGS = Number(process.env.BENCH_LISTINGS || 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4);
const SAMPLE_EVERY = 500;
const LIMIT_MB = Number(process.env.BENCH_RSS_LIMIT_MB || 600);
const PORT = process.env.BENCH_PORT || '3993';
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;

type Sample = { pages: number; rss: number; heapUsed?: number; external?: number; seconds: number; cpu: number };

const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (x: number | undefined) => (x === undefined ? '' : x.toFixed(0));

async function liveSlugs(url: string, count: number): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<
      { slug: string }[]
    >`select slug from listings where status = 'live' order by id limit ${count}`;
    return rows.map((r) => r.slug);
  } finally {
    await sql.end();
  }
}

/** GET a page on a kept-alive connection; its x-nextjs-cache header. Throws unless 200. */
function getPage(agent: http.Agent, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(String(res.headers['x-nextjs-cache'] ?? 'none'))
            : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const bench = await createBenchDatabase('bench_memory');
let failed = false;
try {
  if (!bench.reused) await prepareBenchListings(bench.url, LISTINGS);
  const slugs = await liveSlugs(bench.url, PAGES);
  if (slugs.length < PAGES) throw new Error(`the database holds ${slugs.length} live listings, fewer than ${PAGES}`);

  const distDir = process.env.NEXT_DIST_DIR || '.next-bench';
  const server = await startBenchServer({ port: PORT, databaseUrl: bench.url, distDir });
  let inspector: Inspector | undefined;
  try {
    const pid = findNextServerPid(server.proc.pid!);
    if (!pid) throw new Error('no next-server process under the started server');
    if (process.env.BENCH_INSPECT !== '0') inspector = await openInspector(pid);

    const samples: Sample[] = [];
    const started = performance.now();
    const row = (s: Sample) =>
      [String(s.pages), fmt(s.rss), fmt(s.heapUsed), fmt(s.external), s.seconds.toFixed(0), s.cpu.toFixed(1)]
        .map((c) => c.padStart(13))
        .join('');
    const header = ['pages', 'RSS MB', 'heap MB', 'external MB', 'seconds', 'server CPU s']
      .map((h) => h.padStart(13))
      .join('');
    console.log(header);
    const sample = async (pages: number) => {
      const rss = residentMb(pid).rss;
      const cpu = cpuSeconds(pid);
      const usage = await inspector?.memoryUsage();
      const s = {
        pages,
        rss,
        heapUsed: usage && mb(usage.heapUsed),
        external: usage && mb(usage.external),
        seconds: (performance.now() - started) / 1000,
        cpu,
      };
      samples.push(s);
      console.log(row(s));
    };
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    await getPage(agent, `${server.url}/`); // the layout's code is loaded before the first sample
    await sample(0);
    if (SNAPSHOTS && inspector) {
      fs.mkdirSync(SNAPSHOTS, { recursive: true });
      await inspector.heapSnapshot(path.join(SNAPSHOTS, 'before.heapsnapshot'));
    }

    const cacheHeaders = new Map<string, number>();
    let next = 0;
    let done = 0;
    const pendingSamples: Promise<void>[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < PAGES) {
          const header = await getPage(agent, `${server.url}/p/${slugs[next++]}`);
          cacheHeaders.set(header, (cacheHeaders.get(header) ?? 0) + 1);
          if (++done % SAMPLE_EVERY === 0) pendingSamples.push(sample(done));
        }
      }),
    );
    await Promise.all(pendingSamples);
    agent.destroy();
    samples.sort((a, b) => a.pages - b.pages);
    const last = samples[samples.length - 1];

    await new Promise((r) => setTimeout(r, 5000));
    const idle = residentMb(pid);
    let afterGc: { rss: number; usage: NodeJS.MemoryUsage } | undefined;
    if (inspector) {
      await inspector.collectGarbage();
      await new Promise((r) => setTimeout(r, 1000));
      afterGc = { rss: residentMb(pid).rss, usage: await inspector.memoryUsage() };
      if (SNAPSHOTS) await inspector.heapSnapshot(path.join(SNAPSHOTS, 'after.heapsnapshot'));
    }

    console.log(`\n${PAGES} distinct product pages, ${CONCURRENCY} at a time, server pid ${pid}`);
    console.log(header);
    for (const s of samples) console.log(row(s));
    console.log(`x-nextjs-cache: ${[...cacheHeaders].map(([h, n]) => `${h} ${n}`).join(', ')}`);
    console.log(
      `pages/s: ${(PAGES / (last.seconds - samples[0].seconds)).toFixed(0)}; server CPU per page ${((1000 * (last.cpu - samples[0].cpu)) / PAGES).toFixed(1)} ms; peak RSS ${idle.peak.toFixed(0)} MB; RSS after 5 s idle ${idle.rss.toFixed(0)} MB`,
    );
    if (afterGc)
      console.log(
        `after a forced full GC: RSS ${afterGc.rss.toFixed(0)} MB, heap used ${mb(afterGc.usage.heapUsed).toFixed(0)} MB, external ${mb(afterGc.usage.external).toFixed(0)} MB`,
      );
    failed = last.rss > LIMIT_MB;
    console.log(
      `RSS after ${PAGES} pages: ${last.rss.toFixed(0)} MB (target ≤ ${LIMIT_MB} MB) ${failed ? 'ABOVE TARGET' : 'ok'}`,
    );
  } finally {
    inspector?.close();
    server.stop();
  }
} finally {
  await bench.drop();
}
process.exit(failed ? 1 : 0);
