// npm run bench:pressure — the database protecting itself (issue 19, item 2): on the production
// server over a kept database (BENCH_DB_NAME, e.g. scale_1m from `npm run db:fill`), BENCH_SEARCHES
// (8) clients search for the word found in the most listings, back to back, while one reader opens
// product pages (first visits, each listing once): through the API (its first page;
// BENCH_PRESSURE_DEEP=1: its pages 1–500 in turn), then through the search page (its pages 1–500 in
// turn, each once). Prints product-page p95 alone and under each pressure (target ≤ 50 ms), and how
// the searches were answered: 200, 503 from the per-instance search limit (SEARCH_CONCURRENCY), 503
// from the statement timeout (on the search page both are a "busy" page), other.
// Needs a build: `NEXT_DIST_DIR=.next-bench npx next build` (BENCH_DIST_DIR names another).
import http from 'node:http';
import postgres from 'postgres';
import { createBenchDatabase } from './lib/bench-database';
import { prepareBenchListings } from './lib/bulk-listings';
import { percentile, startProductionServer } from './lib/measure';

const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const SEARCHERS = Number(process.env.BENCH_SEARCHES || 8);
const PORT = process.env.BENCH_PORT || '3994';

type Answer = { status: number; ms: number; detail?: string };

/** One GET on its own kept-alive agent; the status, the time and a problem's detail. */
function get(agent: http.Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const status = res.statusCode ?? 0;
          let detail: string | undefined;
          if (status >= 400) {
            try {
              detail = (JSON.parse(Buffer.concat(chunks).toString()) as { detail?: string }).detail;
            } catch {
              detail = undefined;
            }
          }
          resolve({ status, ms, detail });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const stats = (answers: Answer[]) => {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
};
const fmt = (s: ReturnType<typeof stats>) =>
  `${s.n} requests, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(0)} ms`;

/** Reads product pages one at a time until `until`, each slug once (first visits). */
async function readPages(baseUrl: string, slugs: string[], until: () => boolean): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers: Answer[] = [];
  try {
    while (!until() && slugs.length) {
      const a = await get(agent, `${baseUrl}/p/${slugs.shift()}`);
      if (a.status !== 200) throw new Error(`product page: HTTP ${a.status}`);
      answers.push(a);
    }
  } finally {
    agent.destroy();
  }
  return answers;
}

const bench = await createBenchDatabase('bench_pressure');
try {
  if (!bench.reused) await prepareBenchListings(bench.url, Number(process.env.BENCH_LISTINGS || 100_000));
  const sql = postgres(bench.url, { max: 1, onnotice: () => {} });
  const [{ live }] = await sql<{ live: number }[]>`select count(*)::int as live from listings where status = 'live'`;
  const step = Math.max(1, Math.floor(live / 500));
  const [{ word }] =
    process.env.BENCH_WORD !== undefined
      ? [{ word: process.env.BENCH_WORD }]
      : await sql<{ word: string }[]>`
          select word from ts_stat(${`select search from listings where id % ${step} = 0`})
          order by ndoc desc limit 1`;
  const slugRows = await sql<{ slug: string }[]>`
    select slug from listings where status = 'live' and id % ${Math.max(1, Math.floor(live / 20_000))} = 7 limit 20000`;
  await sql.end();
  const slugs = slugRows.map((r) => r.slug);
  const half = Math.floor(slugs.length / 2);
  const [aloneSlugs, pressedSlugs, warmSlugs] = [
    slugs.slice(0, half - 200),
    slugs.slice(half),
    slugs.slice(half - 200, half),
  ];

  const server = await startProductionServer({
    PORT,
    DATABASE_URL: bench.url,
    NEXT_DIST_DIR: process.env.BENCH_DIST_DIR || '.next-bench',
    APP_URL: `http://127.0.0.1:${PORT}`,
    API_RATE_LIMIT: '100000000',
  });
  try {
    const searchUrl = `${server.url}/api/v1/listings?q=${encodeURIComponent(word)}`;
    // Warm the server's code paths (never measured): pages, and one search.
    await readPages(server.url, warmSlugs, () => false);
    await get(new http.Agent(), searchUrl);

    const aloneEnd = performance.now() + (SECONDS / 2) * 1000;
    const alone = await readPages(server.url, aloneSlugs, () => performance.now() > aloneEnd);
    console.log(
      `\nlistings: ${live} live; worst-case word "${word}"; ${SEARCHERS} searchers for ${SECONDS} s each way`,
    );
    console.log(`product page alone:           ${fmt(stats(alone))}`);

    // Through the API (its first page each time; BENCH_PRESSURE_DEEP=1: pages 1–500 in turn, as the
    // search page), then through the search page: pages 1–500 in turn, each asked once (a page
    // already rendered would come from the page cache, not the database).
    const q = encodeURIComponent(word);
    let api = 0;
    let onPage = 0;
    const deep = process.env.BENCH_PRESSURE_DEEP === '1';
    const ways: [string, () => string][] = [
      ['API', () => (deep ? `${searchUrl}&page=${(api++ % 500) + 1}` : searchUrl)],
      ['search page', () => `${server.url}/search?q=${q}&page=${(onPage++ % 500) + 1}`],
    ];
    for (const [face, nextUrl] of ways) {
      const end = performance.now() + SECONDS * 1000;
      const over = () => performance.now() > end;
      const searches: Answer[] = [];
      const searchers = Array.from({ length: SEARCHERS }, async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        while (!over()) {
          const a = await get(agent, nextUrl());
          searches.push(a);
          // A client told to retry later does so (Retry-After is 1 s; a tenth of it keeps the pressure up).
          if (a.status === 503) await new Promise((r) => setTimeout(r, 100));
        }
        agent.destroy();
      });
      await new Promise((r) => setTimeout(r, 500)); // the searches are running
      const pressed = await readPages(server.url, pressedSlugs, over);
      await Promise.all(searchers);

      const ok = searches.filter((a) => a.status === 200);
      const limited = searches.filter((a) => a.status === 503 && /Too many searches/.test(a.detail ?? ''));
      const timedOut = searches.filter((a) => a.status === 503 && /took too long/.test(a.detail ?? ''));
      const busyPages = searches.filter((a) => a.status === 503 && a.detail === undefined);
      const other = searches.filter((a) => a.status !== 200 && a.status !== 503);

      console.log(`\n${face}, ${SEARCHERS} searching:`);
      console.log(`product page under searches:  ${fmt(stats(pressed))}   (target p95 ≤ 50 ms)`);
      console.log(`searches: ${searches.length} answered`);
      console.log(`  200:                        ${ok.length ? fmt(stats(ok)) : '0'}`);
      if (face === 'API') {
        console.log(`  503 search limit:           ${limited.length ? fmt(stats(limited)) : '0'}`);
        console.log(`  503 statement timeout:      ${timedOut.length ? fmt(stats(timedOut)) : '0'}`);
      } else console.log(`  503 busy page:              ${busyPages.length ? fmt(stats(busyPages)) : '0'}`);
      if (other.length)
        console.log(
          `  other:                      ${other.length} (${[...new Set(other.map((a) => a.status))].join(', ')})`,
        );
    }
  } finally {
    server.stop();
  }
} finally {
  await bench.drop();
}
process.exit(0);
