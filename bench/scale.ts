// npm run bench:scale — the directory at 100k and at 1M listings on PostgreSQL (DATABASE_URL):
// every search shape through the API (and a few through the search page: from the page cache, for a
// visitor without a session and for one signed in, and each query new, a render), the home, leaderboard and
// category pages with 4 readers while 10 votes a second arrive, and how long a vote on one app server
// takes to show on another's product page. Targets: search p95 ≤ 50 ms, pages p95 ≤ 25 ms,
// propagation p95 ≤ 1 s.
// Each size uses a kept database (scale_100k, scale_1m; BENCH_SCALE_DB_<size> names another),
// filled once by `npm run db:fill` when it does not exist yet.
// Env: BENCH_SCALE_SIZES (100000,1000000), BENCH_SECONDS (5 per shape), BENCH_CONCURRENCY (4),
// BENCH_VOTES_PER_SECOND (10), BENCH_PROPAGATION_WRITES (20), BENCH_PORT (3994; B uses +1), NEXT_DIST_DIR,
// BENCH_SCALE_PARTS (search,pages,propagation: the parts to run).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import postgres from 'postgres';
import { vacuumListings } from './lib/bulk-listings';
import { loadHttp, percentile, startProductionServer, table, type Result } from './lib/measure';

const SIZES = (process.env.BENCH_SCALE_SIZES || '100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 4);
const VOTES_PER_SECOND = Number(process.env.BENCH_VOTES_PER_SECOND || 10);
const WRITES = Number(process.env.BENCH_PROPAGATION_WRITES || 20);
const PORT = Number(process.env.BENCH_PORT || 3994);
const DIST = process.env.NEXT_DIST_DIR || '.next-bench';
const PARTS = new Set((process.env.BENCH_SCALE_PARTS || 'search,pages,propagation').split(','));
/** What a browser sends that changes the answer's cost: it accepts gzip (measured without it until the fifteenth session). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const base = process.env.DATABASE_URL;
if (!base) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  process.exit(2);
}

const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1000}k`);
const dbUrl = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();

/** The kept database of this size, created and filled on first use. */
async function scaleDatabase(count: number): Promise<string> {
  const name = process.env[`BENCH_SCALE_DB_${label(count).toUpperCase()}`] || `scale_${label(count)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const admin = postgres(base!, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = dbUrl(name);
  const db = postgres(url, { max: 1, onnotice: () => {} });
  const [{ n }] = await db`select count(*)::int as n from information_schema.tables where table_name = 'listings'`;
  const live = n ? (await db`select count(*)::int as c from listings where status = 'live'`)[0].c : 0;
  await db.end();
  if (live < count * 0.99) {
    console.log(`Filling ${name} with ${count} listings (npm run db:fill)…`);
    const run = spawnSync('npx', ['tsx', 'scripts/db-fill.ts', '--listings', String(count - live)], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`db:fill exited with ${run.status}`);
  }
  await vacuumListings(url); // the votes of earlier runs leave dead row versions (autovacuum is off here)
  return url;
}

/**
 * `signedIn`: asked with a session cookie (the page cache serves it with the account put in).
 * `fresh`: every path asked once, with no warm-up: each is a page the cache has not rendered yet.
 * `once`: each path asked exactly once (as many requests as paths, not SECONDS).
 */
type Shape = { name: string; paths: string[]; signedIn?: boolean; fresh?: boolean; once?: boolean };

/** The query shapes of issue 19, with words read from the search dictionary of this database. */
async function shapesOf(url: string, count: number): Promise<Shape[]> {
  const db = postgres(url, { max: 1, onnotice: () => {} });
  const words = async (lo: number, hi: number, n: number) =>
    (
      await db`select word from search_words where listings between ${Math.round(lo * count)} and ${Math.round(hi * count)}
        and length(word) >= 6 and word ~ '^[a-z]+$' order by md5(word) limit ${n}`
    ).map((r) => r.word as string);
  const rare = await words(0.004, 0.008, 8);
  const common = (
    await db`select word from search_words where word ~ '^[a-z]+$' and length(word) >= 4 order by listings desc limit 4`
  ).map((r) => r.word as string);
  const mid = await words(0.01, 0.05, 16);
  const manyWords = await words(0.004, 0.05, 200);
  const scarce = await words(0.00002, 0.0002, 8); // 20–200 listings at 1M
  const [{ slug: category }] = await db`select slug from categories order by id limit 1`;
  await db.end();
  if (rare.length === 0 || scarce.length === 0 || mid.length < 2)
    throw new Error('the search dictionary has too few words for the shapes');
  const q = (s: string) => `/api/v1/listings?per_page=20&q=${encodeURIComponent(s)}`;
  const typo = (w: string) => w.slice(0, 2) + w[3] + w[2] + w.slice(4); // two letters swapped
  const sorts = ['votes', 'newest', 'name'] as const;
  const shapes: Shape[] = [
    { name: 'rare word', paths: rare.map(q) },
    { name: 'word in most listings', paths: common.map(q) },
    { name: 'two words', paths: mid.slice(0, 8).map((w, i) => q(`${w} ${mid[(i + 8) % mid.length]}`)) },
    { name: 'typo', paths: rare.map((w) => q(typo(w))) },
    { name: 'prefix', paths: mid.slice(0, 8).map((w) => q(w.slice(0, 4))) },
    ...sorts.map((sort) => ({
      name: `no q, ${sort}`,
      paths: [`/api/v1/listings?per_page=20&sort=${sort}`],
    })),
    { name: 'category', paths: [`/api/v1/listings?per_page=20&category=${category}`] },
    { name: 'q + category', paths: mid.slice(0, 8).map((w) => `${q(w)}&category=${category}`) },
    {
      name: 'category, page 50, each order',
      paths: sorts.map((sort) => `/api/v1/listings?per_page=20&page=50&sort=${sort}&category=${category}`),
    },
    { name: 'scarce word, each order', paths: scarce.flatMap((w) => sorts.map((sort) => `${q(w)}&sort=${sort}`)) },
    { name: 'scarce word -another, votes', paths: scarce.map((w, i) => `${q(`${w} -${mid[i]}`)}&sort=votes`) },
    {
      // Nothing matches (and nothing corrects it): by date or name this walked every listing until migration 0029.
      name: 'word matching nothing, each order',
      paths: ['zqxvw', 'qzvxk', 'xkqzv', 'vzqxk'].flatMap((w) => sorts.map((sort) => `${q(w)}&sort=${sort}`)),
    },
    {
      name: 'words matching nothing with or, by date',
      paths: ['zqxvw or qzvxk', 'xkqzv or vzqxk'].map((w) => `${q(w)}&sort=newest`),
    },
    { name: 'page 50', paths: common.map((w) => `${q(w)}&page=50`) },
    {
      name: 'page 50, a word in 1–5 %',
      paths: mid.slice(0, 8).flatMap((w) => [`${q(w)}&page=50`, `${q(w)}&page=50&sort=votes`]),
    },
    { name: 'search page, rare word', paths: rare.map((w) => `/search?q=${encodeURIComponent(w)}`) },
    { name: 'search page, no q', paths: ['/search'] },
    {
      name: 'search page signed in, rare word',
      paths: rare.map((w) => `/search?q=${encodeURIComponent(w)}`),
      signedIn: true,
    },
    {
      name: 'search page signed in, two words',
      paths: mid.slice(0, 8).map((w, i) => `/search?q=${encodeURIComponent(`${w} ${mid[(i + 8) % mid.length]}`)}`),
      signedIn: true,
    },
  ];
  // A new search each request (one word in each order, two words), more than a run asks for, none
  // asked by another shape through the API or the page: every request is a search and a render.
  const newSearches = [
    ...[...rare, ...mid].flatMap((w) =>
      ['votes', 'newest', 'name'].map((sort) => `/search?q=${encodeURIComponent(w)}&sort=${sort}`),
    ),
    ...mid.flatMap((w, i) =>
      mid
        .filter((_, j) => j !== i && j !== (i + 8) % mid.length) // (i, i + 8): the two-words shapes
        .map((v) => `/search?q=${encodeURIComponent(`${w} ${v}`)}`),
    ),
  ];
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  newSearches.sort((x, y) => md5(x).localeCompare(md5(y))); // the kinds mixed
  // Misspellings nobody asked before (corrections are remembered a while: lib/listings/search-correction):
  // two letters swapped at the second, third or fourth letter of words in 0.4–5 % of the listings.
  const swapped = (w: string, at: number) => w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
  const asked = new Set(rare.map(typo));
  const newTypos = [
    ...new Set(manyWords.flatMap((w) => [1, 2, 3].filter((at) => w[at] !== w[at + 1]).map((at) => swapped(w, at)))),
  ].filter((t) => !asked.has(t));
  return [
    ...shapes,
    { name: 'search page, each query new', paths: newSearches, fresh: true },
    { name: 'typo, each new', paths: newTypos.map(q), fresh: true, once: true },
  ];
}

/** Accounts signed in with database sessions (the cookie Auth.js reads), for votes through the site. */
async function voters(url: string, n: number): Promise<string[]> {
  const db = postgres(url, { max: 1, onnotice: () => {} });
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `scale-voter-${randomBytes(6).toString('hex')}@bench.example`;
    const [user] =
      await db`insert into users (id, email, name, email_verified) values (${randomUUID()}, ${email}, 'Bench voter', now()) returning id`;
    const token = randomBytes(24).toString('hex');
    await db`insert into sessions (session_token, user_id, expires) values (${token}, ${user.id}, now() + interval '1 day')`;
    cookies.push(`authjs.session-token=${token}`);
  }
  await db.end();
  return cookies;
}

/** The vote form's hidden fields (the server action's id among them), read from one product page. */
async function voteForm(server: string, slug: string, cookie: string): Promise<[string, string][]> {
  const html = await (await fetch(`${server}/p/${slug}`, { headers: { cookie } })).text();
  const form = html.split('<form').find((f) => f.includes('name="listing_id"') && f.includes('vote-count'));
  if (!form) throw new Error(`no vote form on /p/${slug}`);
  return [...form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map((m) => [m[1], m[2] ?? '']);
}

/** Votes for a listing through the product page's form, as a browser without JavaScript does. */
async function vote(server: string, cookie: string, fields: [string, string][], listing: { id: number; slug: string }) {
  const form = new FormData();
  for (const [k, v] of fields) {
    if (k === 'listing_id') form.set(k, String(listing.id));
    else if (k === 'slug') form.set(k, listing.slug);
    else if (k === 'intent') form.set(k, 'on');
    else form.set(k, v);
  }
  const res = await fetch(`${server}/p/${listing.slug}`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: server },
    redirect: 'manual',
  });
  if (res.status >= 400) throw new Error(`vote on ${listing.slug}: HTTP ${res.status}`);
}

const voteCount = (html: string) =>
  Number(/data-testid="vote-count"[^>]*>([\d,]+)</.exec(html)?.[1]?.replace(/,/g, ''));

async function runSize(count: number) {
  const url = await scaleDatabase(count);
  const shapes = await shapesOf(url, count);
  const env = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: url,
    NEXT_DIST_DIR: DIST,
    APP_URL: `http://127.0.0.1:${port}`,
    API_RATE_LIMIT: '100000000',
    VOTE_RATE_LIMIT: '100000',
  });
  const a = await startProductionServer(env(PORT));
  const b = await startProductionServer({ ...env(PORT + 1), START_REUSE_BUILD: '1' }); // A built it if needed
  try {
    const rows: Result[] = [];
    const [reader] = PARTS.has('search') ? await voters(url, 1) : [];
    // Pages are asked as a browser asks them, gzip accepted (the API as a plain client, without).
    const headersOf = (s: Shape) => ({
      ...(s.paths[0].startsWith('/api/') ? {} : BROWSER),
      ...(s.signedIn ? { cookie: reader } : {}),
    });
    for (const s of PARTS.has('search') ? shapes.filter((shape) => !shape.fresh) : [])
      await loadHttp(`warm-up ${s.name}`, a.url, s.paths, {
        concurrency: 2,
        seconds: 1,
        tolerateErrors: true,
        headers: headersOf(s),
      });
    const measureShape = async (s: Shape) =>
      rows.push(
        await loadHttp(`${label(count)} ${s.name}`, a.url, s.paths, {
          concurrency: CONCURRENCY,
          seconds: SECONDS,
          ...(s.once ? { amount: s.paths.length } : {}),
          tolerateErrors: true,
          headers: headersOf(s),
        }),
      );
    for (const s of PARTS.has('search') ? shapes.filter((shape) => !shape.fresh) : []) await measureShape(s);

    // Pages while votes arrive.
    const db = postgres(url, { max: 2, onnotice: () => {} });
    const targets =
      (await db`select id, slug from listings where status = 'live' order by votes_count desc, id limit 500`) as unknown as {
        id: number;
        slug: string;
      }[];
    const [{ slug: category }] = await db`select slug from categories order by id limit 1`;
    const cookies = await voters(url, 60);
    const fields = await voteForm(a.url, targets[0].slug, cookies[0]);
    // Votes start on a clock (not one after another), so they arrive at the rate asked whatever their latency.
    let votes = 0;
    let failedVotes = 0;
    const inFlight = new Set<Promise<void>>();
    const clock = setInterval(() => {
      if (inFlight.size >= 50) return;
      const n = votes++;
      const p: Promise<void> = vote(a.url, cookies[n % cookies.length], fields, targets[(n * 7) % targets.length])
        .catch(() => {
          failedVotes++;
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }, 1000 / VOTES_PER_SECOND);
    const votingStarted = performance.now();
    const pagesRead = [
      ['home', '/'],
      ['leaderboard', '/leaderboard'],
      ['category', `/c/${category}`],
    ];
    for (const [name, path] of PARTS.has('pages') ? pagesRead : []) {
      await loadHttp('warm-up', a.url, [path], { concurrency: 1, seconds: 1, headers: BROWSER });
      rows.push(
        await loadHttp(`${label(count)} ${name} page, votes`, a.url, [path], {
          concurrency: 4,
          seconds: SECONDS * 2,
          headers: BROWSER,
        }),
      );
    }
    clearInterval(clock);
    await Promise.all(inFlight);
    const voteRate = (votes - failedVotes) / ((performance.now() - votingStarted) / 1000);

    // A vote on A, seen on B's product page.
    const delays: number[] = [];
    const fresh = await voters(url, WRITES); // accounts that have not voted yet: each vote changes the count
    for (let i = 0; i < (PARTS.has('propagation') ? WRITES : 0); i++) {
      const target = targets[100 + i];
      const before = voteCount(await (await fetch(`${b.url}/p/${target.slug}`)).text());
      const t = performance.now();
      await vote(a.url, fresh[i], fields, target);
      for (;;) {
        const now = voteCount(await (await fetch(`${b.url}/p/${target.slug}`)).text());
        if (now > before) break;
        if (performance.now() - t > 30_000) throw new Error(`B never showed the vote on ${target.slug}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      delays.push(performance.now() - t);
    }
    await db.end();
    // New searches last: each page they leave in the cache, read once, is rebuilt by the writes that
    // follow (the 16 most recently used per expiry, up to 4 tries each while writes continue), which
    // would load the server through the pages measured above.
    for (const s of PARTS.has('search') ? shapes.filter((shape) => shape.fresh) : []) await measureShape(s);
    delays.sort((x, y) => x - y);
    table(rows);
    for (const r of rows.filter((x) => x.non2xx))
      console.log(`${r.label}: ${r.non2xx} answers were 503 (busy) or other non-2xx`);
    const searches = rows.filter((r) => !r.label.includes('page, votes') && !r.label.includes('search page'));
    if (PARTS.has('search'))
      console.log(
        `\n${label(count)}: highest search API p95 ${Math.max(...searches.map((r) => r.p95)).toFixed(1)} ms (target ≤ 50 ms)`,
      );
    const pages = rows.filter((r) => r.label.includes('page, votes'));
    if (PARTS.has('pages'))
      console.log(
        `${label(count)}: highest home/leaderboard/category p95 with ${voteRate.toFixed(1)} votes/s ${Math.max(...pages.map((r) => r.p95)).toFixed(1)} ms (target ≤ 25 ms)`,
      );
    if (PARTS.has('propagation'))
      console.log(
        `${label(count)}: vote on server A seen on server B's product page: p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms over ${WRITES} votes (target ≤ 1000 ms)`,
      );
  } finally {
    a.stop();
    b.stop();
  }
}

/**
 * PostgreSQL's memory settings, printed with the figures: two words read thousands of rows, and what a
 * row read costs depends on whether it is in shared_buffers (docs/deploy.md, "PostgreSQL's memory").
 */
async function printServerMemory() {
  const db = postgres(base!, { max: 1, onnotice: () => {} });
  const [m] = await db`select current_setting('shared_buffers') as buffers, current_setting('huge_pages') as huge`;
  await db.end();
  console.log(`PostgreSQL: shared_buffers ${m.buffers}, huge_pages ${m.huge}; ${cpus().length} cores here\n`);
}

await printServerMemory();
for (const count of SIZES) await runSize(count);
process.exit(0);
