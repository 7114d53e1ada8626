// The page front door (./page-front-door.ts behind the `npm start` preload scripts/page-front-door.mjs)
// on a real HTTP server: a public page is answered from the cache before the app with a fresh nonce
// and request id (the same ones in the header and the page), gzipped when asked; a page not in the
// cache yet is rendered for it by the app (over loopback, uncompressed) and answered the same way,
// but for a new search page's first ask, which the app renders for its visitor alone, watched for its status;
// everything else (a product page for a signed-in visitor, an RSC request, a page stored as "render
// per request", a page the app will not render for the cache, a POST) reaches the app. A signed-in
// visitor's page is given their account (looked up in the database).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import '@/scripts/page-front-door.mjs';
import { sessions } from '@/db/schema';
import { pageCache } from '@/lib/cache/public-cache';
import { tags } from '@/lib/cache/tags';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { PAGE_RENDER_HEADER, pageRenderOf } from '@/lib/cache/page-renders';
import { pageKey, storedPage } from './page-cache';
import { installPageFrontDoor } from './page-front-door';
import { isSearchWithWords } from './search-page-renders';
import { searchConcurrency } from '@/lib/listings/search-slots';

/** Slow renders running now, and the most that ran at once: of search pages with words, of other pages. */
const rendering = { search: 0, other: 0 };
const mostAtOnce = { search: 0, other: 0 };
/** The renders the page cache asked the app for: path and accept-encoding. */
const renders: [string, string | undefined][] = [];
/** The app: renders a page for the cache (its render's nonce in it), except product pages it does not know. */
/** The headers of the last request that reached the app as itself (not a render). */
let appHeaders: http.IncomingHttpHeaders = {};
const server = http.createServer((req, res) => {
  const render = pageRenderOf(String(req.headers[PAGE_RENDER_HEADER] ?? '') || null);
  if (!render) {
    appHeaders = req.headers;
    return res.writeHead(200).end('reached the app');
  }
  renders.push([req.url!, req.headers['accept-encoding']]);
  if (req.url!.startsWith('/p/')) return res.writeHead(404, { 'content-type': 'text/html' }).end('not found');
  if (req.url!.startsWith('/search?q=busy')) {
    render.status = 503; // as the search page does while the database protects itself (markRenderStatus)
    return res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `script-src 'nonce-${render.nonce}'`, // as the proxy sets it for a render
      })
      .end(
        `<html><head><meta charSet="utf-8"/></head><body><script nonce="${render.nonce}"></script>` +
          `<div role="alert">Search is busy</div></body></html>`,
      );
  }
  if (req.url!.startsWith('/search?q=slow') || req.url!.startsWith('/updates?slow')) {
    const kind = req.url!.startsWith('/search') ? 'search' : 'other';
    rendering[kind]++;
    mostAtOnce[kind] = Math.max(mostAtOnce[kind], rendering[kind]);
    return void setTimeout(() => {
      rendering[kind]--;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><p>${req.url} rendered</p></html>`);
    }, 100);
  }
  if (req.url!.startsWith('/upcoming'))
    return res
      .writeHead(500, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<html><script nonce="${render.nonce}"></script><p>error, request ${render.requestId}</p></html>`);
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<html><script nonce="${render.nonce}"></script><p>${req.url} rendered</p></html>`);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;

const RENDER_NONCE = 'rEnd+er/nOnce.0=='; // base64, as real nonces: regex characters in it
const RENDER_ID = 'render-request-id';
const stored = await storedPage(
  `<html><script nonce="${RENDER_NONCE}">1</script><p>request ${RENDER_ID}</p><i nonce="${RENDER_NONCE}">é</i></html>`,
  [
    ['content-type', 'text/html; charset=utf-8'],
    ['link', `</a.css>; rel=preload; as="style"; nonce="${RENDER_NONCE}"`],
    ['x-frame-options', 'DENY'],
  ],
  { nonce: RENDER_NONCE, requestId: RENDER_ID },
);

const { db } = await useTestDatabase({ seed: false });
const withHead = await storedPage(
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css" nonce="${RENDER_NONCE}"/></head><body><a class="account-signin" href="/signin">Sign in</a></body></html>`,
  [['content-type', 'text/html; charset=utf-8']],
  { nonce: RENDER_NONCE, requestId: RENDER_ID },
);

/** A signed-in account's session cookie (Auth.js's database session). */
async function sessionCookie(name: string, expires = new Date(Date.now() + 86_400_000)) {
  const { user } = await createAccount(db, { name });
  const token = randomBytes(16).toString('hex');
  await db.insert(sessions).values({ sessionToken: token, userId: user.id, expires });
  return `authjs.csrf-token=y; authjs.session-token=${token}`;
}

beforeAll(async () => {
  vi.stubEnv('NODE_ENV', 'production'); // the page cache serves on production servers only
  vi.stubEnv('PORT', String(port)); // where the cache asks for a render
  installPageFrontDoor();
  await pageCache().read('page:/leaderboard', [tags.all], async () => stored);
  await pageCache().read('page:/search?q=ledger', [tags.all], async () => withHead);
  await pageCache().read('page:/p/ledgerly', [tags.all], async () => withHead);
  await pageCache().read('page:/pricing', [tags.all], async () => null); // "render per request"
});
afterAll(async () => {
  vi.unstubAllEnvs();
  pageCache().clear();
  await new Promise<void>((r) => server.close(() => r()));
});

function send(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, ...init }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const nonceOf = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp ?? ''))?.[1];

describe('the page front door', () => {
  it('answers a cached page before the app, with a fresh nonce and request id each time', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await send('/leaderboard');
      expect(res.status).toBe(200);
      expect(res.headers['x-page-cache']).toBe('hit');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const nonce = nonceOf(res.headers['content-security-policy'])!;
      const html = res.body.toString();
      expect(html).toBe(
        `<html><script nonce="${nonce}">1</script><p>request ${html.split('request ')[1].split('<')[0]}</p><i nonce="${nonce}">é</i></html>`,
      );
      expect(res.headers.link).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain(RENDER_NONCE);
      expect(html).not.toContain(RENDER_ID);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('takes a query however its spaces are written (a form sends "+", a link may send "%20")', async () => {
    await pageCache().read(pageKey(new URL('http://x/search?q=two+words')), [tags.all], async () => stored);
    for (const path of ['/search?q=two+words', '/search?q=two%20words'])
      expect((await send(path)).headers['x-page-cache'], path).toBe('hit');
    // A "+" in the word is another page: rendered for itself.
    expect((await send('/search?q=two%2Bwords')).body.toString()).toContain('/search?q=two%2Bwords rendered');
  });

  it('gzips the page for a client that accepts it', async () => {
    const res = await send('/leaderboard', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const nonce = nonceOf(res.headers['content-security-policy'])!;
    expect(gunzipSync(res.body).toString()).toContain(`<script nonce="${nonce}">`);
    // A client that refuses gzip (q=0) gets the page as it is.
    for (const refused of ['gzip;q=0', 'gzip; q=0, identity', 'identity', '*;q=0']) {
      const plain = await send('/leaderboard', { headers: { 'accept-encoding': refused } });
      expect(plain.headers['content-encoding'], refused).toBeUndefined();
      expect(plain.body.toString(), refused).toContain('<html>');
    }
  });

  it('renders a page the cache does not hold yet, answers it like a cached one, and keeps it', async () => {
    renders.length = 0;
    const first = await send('/leaderboard?page=2', { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers['x-page-cache']).toBe('hit');
    expect(first.headers['content-encoding']).toBe('gzip');
    const nonce = nonceOf(first.headers['content-security-policy'])!;
    expect(gunzipSync(first.body).toString()).toBe(
      `<html><script nonce="${nonce}"></script><p>/leaderboard?page=2 rendered</p></html>`,
    );
    expect(renders).toEqual([['/leaderboard?page=2', 'identity']]); // rendered once, uncompressed
    const again = await send('/leaderboard?page=2');
    expect(again.body.toString()).toContain('/leaderboard?page=2 rendered');
    expect(nonceOf(again.headers['content-security-policy'])).not.toBe(nonce);
    expect(renders).toHaveLength(1); // from the cache
  });

  it('answers a render that failed as it is to the readers that waited for it, without rendering it again', async () => {
    renders.length = 0;
    const answers = await Promise.all([send('/upcoming'), send('/upcoming')]);
    expect(renders).toHaveLength(1); // one render for both, and the app not asked again
    for (const res of answers) {
      expect(res.status).toBe(500);
      expect(res.headers['x-page-cache']).toBeUndefined();
      const nonce = nonceOf(res.headers['content-security-policy'])!;
      expect(nonce).not.toBe(RENDER_NONCE);
      const html = res.body.toString();
      expect(html).toContain(`<script nonce="${nonce}">`);
      expect(html).toMatch(/error, request [\w-]{6,}</); // the render's request id, which its log line carries
    }
    const ids = answers.map((res) => /request ([\w-]+)</.exec(res.body.toString())![1]);
    expect(ids[0]).toBe(ids[1]);
    // Not kept: the next reader gets a new render.
    await send('/upcoming');
    expect(renders).toHaveLength(2);
  });

  it('answers a page that marked its render busy 503 with Retry-After, first ask or not, and never keeps it', async () => {
    renders.length = 0;
    const cookie = await sessionCookie('Busy Reader');
    // The first ask is rendered for its visitor (not kept), the next ones for the cache: both are watched.
    for (const headers of [{}, { 'accept-encoding': 'gzip' }, { cookie }] as Record<string, string>[]) {
      const res = await send('/search?q=busy', { headers });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['x-page-cache']).toBeUndefined();
      const html = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body).toString();
      expect(html).toContain('Search is busy');
      const nonce = nonceOf(res.headers['content-security-policy'])!;
      expect(html).toContain(`<script nonce="${nonce}">`);
      if ('cookie' in headers) expect(html).toContain('"name":"Busy Reader"'); // still their header
    }
    expect(renders).toHaveLength(3); // rendered for each reader: not kept
  });

  it('keeps a new search page from its second ask: the first is rendered by the app for its visitor alone', async () => {
    renders.length = 0;
    const first = await send('/search?q=asked+twice', { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers['x-page-cache']).toBeUndefined();
    expect(first.body.toString()).toContain('/search?q=asked+twice rendered');
    expect(renders).toEqual([['/search?q=asked+twice', 'gzip']]); // the visitor's own request, watched as a render
    const second = await send('/search?q=asked%20twice'); // the same page, its space written another way
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(renders).toEqual([
      ['/search?q=asked+twice', 'gzip'],
      ['/search?q=asked%20twice', 'identity'], // rendered for the cache
    ]);
    expect((await send('/search?q=asked+twice')).headers['x-page-cache']).toBe('hit');
    expect(renders).toHaveLength(2);
    // A search with no words is one of a bounded few pages: kept from its first ask.
    expect((await send('/search?category=first-ask')).headers['x-page-cache']).toBe('hit');
  });

  it('renders at most SEARCH_CONCURRENCY new search pages with words at once; the others wait their turn', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => send(`/search?q=slow${i}`)),
      ...Array.from({ length: 6 }, (_, i) => send(`/updates?slow=${i}`)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers[5].body.toString()).toContain('/search?q=slow5 rendered');
    expect(mostAtOnce.search).toBe(searchConcurrency());
    expect(mostAtOnce.other).toBe(6); // other pages are not held back
    expect(isSearchWithWords('/search?q=%20&sort=votes')).toBe(false);
    expect(isSearchWithWords('/search?category=ai')).toBe(false);
    expect(isSearchWithWords('/search?q=ledger')).toBe(true);
  });

  it('hands everything else to the app', async () => {
    const cases: [string, Parameters<typeof send>[1]][] = [
      ['/p/not-cached-yet', {}], // the app would not render it for the cache (a 404)
      ['/pricing', {}],
      ['/account', {}],
      ['/leaderboard?_rsc=1', {}],
      ['/leaderboard', { headers: { rsc: '1' } }],
      ['/p/ledgerly', { headers: { cookie: 'authjs.session-token=x' } }],
      ['/leaderboard', { headers: { cookie: 'a=1; authjs.csrf-token=y' } }],
      ['/leaderboard', { headers: { cookie: 'a=1; authjs.session-token=x' } }],
      ['/leaderboard', { method: 'POST' }],
      ['/leaderboard', { method: 'HEAD' }],
      ['//leaderboard', {}],
      ['/leaderboard?q=%00', {}],
    ];
    for (const [path, init] of cases) {
      const res = await send(path, init);
      if (init?.method !== 'HEAD')
        expect(res.body.toString(), `${path} ${JSON.stringify(init)}`).toBe('reached the app');
      expect(res.headers['x-page-cache']).toBeUndefined();
    }
    // A client navigation is marked for proxy.ts, which Next gives no RSC header nor `_rsc` to read.
    for (const [path, init] of [
      ['/leaderboard?_rsc=1', {}],
      ['/leaderboard', { headers: { rsc: '1' } }],
      ['/search?q=ledger', { headers: { 'next-router-prefetch': '1' } }],
    ] as const) {
      await send(path, init);
      expect(appHeaders['x-router-request'], path).toBe('1');
    }
    await send('/account');
    expect(appHeaders['x-router-request']).toBeUndefined(); // a document
    // A neutral cookie (the sign-in form's) still gets the cached page.
    const neutral = await send('/leaderboard', { headers: { cookie: 'authjs.csrf-token=y' } });
    expect(neutral.headers['x-page-cache']).toBe('hit');
  });

  it('gives a signed-in visitor the cached page with their account put in after the charset', async () => {
    const cookie = await sessionCookie('Grace');
    const res = await send('/search?q=ledger', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers['x-page-cache']).toBe('hit');
    expect(res.headers['cache-control']).toContain('private');
    expect(res.headers['cache-control']).toContain('no-store');
    const nonce = nonceOf(res.headers['content-security-policy'])!;
    const html = res.body.toString();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    // The style that shows the account's initial in place of "Sign in", then the script with the account.
    const markup = `<style id="account-given" nonce="${nonce}">html .account-signin{display:none}html .account-pending{display:block}html .account-pending>span::before{content:"G"}</style><script nonce="${nonce}">self.__headerAccount={"name":"Grace",`;
    expect(html.startsWith(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${markup}`)).toBe(true);
    expect(html).toContain(`<link rel="stylesheet" href="/a.css" nonce="${nonce}"/></head>`);
    // Another visitor gets their own account in the same cached page.
    const other = (
      await send('/search?q=ledger', { headers: { cookie: await sessionCookie('Linus') } })
    ).body.toString();
    expect(other).toContain('"name":"Linus"');
    expect(other).not.toContain('Grace');
    // A gzipped answer carries it too.
    const zipped = await send('/search?q=ledger', { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gunzipSync(zipped.body).toString()).toContain('"name":"Grace"');
  });

  it('extends a session due for it as Auth.js would, cookie included, and leaves one extended within the day', async () => {
    const DAY = 86_400_000;
    const cookie = await sessionCookie('Ada', new Date(Date.now() + 20 * DAY));
    const token = /authjs\.session-token=(\w+)/.exec(cookie)![1];
    const res = await send('/search?q=ledger', { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(res.headers['x-page-cache']).toBe('hit');
    expect(gunzipSync(res.body).toString()).toContain('"name":"Ada"');
    const [set] = res.headers['set-cookie'] ?? [];
    expect(set).toMatch(new RegExp(`^authjs\\.session-token=${token}; Path=/; Expires=[^;]+; HttpOnly; SameSite=Lax$`));
    const expires = new Date(/Expires=([^;]+)/.exec(set)![1]);
    expect(expires.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);
    const [row] = await db.select().from(sessions).where(eq(sessions.sessionToken, token));
    expect(Math.abs(row.expires.getTime() - expires.getTime())).toBeLessThan(1000);
    // Extended just now: the next page leaves it (Auth.js writes it once a day).
    expect((await send('/search?q=ledger', { headers: { cookie } })).headers['set-cookie']).toBeUndefined();

    // On an https site, the __Secure- cookie, marked Secure.
    const secure = (await sessionCookie('Sec', new Date(Date.now() + 2 * DAY))).replace(
      'authjs.session-token',
      '__Secure-authjs.session-token',
    );
    vi.stubEnv('APP_URL', 'https://directory.example');
    try {
      const [https] = (await send('/search?q=ledger', { headers: { cookie: secure } })).headers['set-cookie'] ?? [];
      expect(https).toMatch(
        /^__Secure-authjs\.session-token=\w+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax; Secure$/,
      );
    } finally {
      vi.stubEnv('APP_URL', '');
    }

    // A page the app renders for the person (no head for the account) still carries the cookie.
    const headless = await sessionCookie('Headless Ada', new Date(Date.now() + 3 * DAY));
    const toApp = await send('/leaderboard', { headers: { cookie: headless } });
    expect(toApp.body.toString()).toBe('reached the app');
    expect(toApp.headers['set-cookie']?.[0]).toMatch(/^authjs\.session-token=\w+; Path=\/; Expires=/);
  });

  it('gives a session that is no live session the page as to a visitor without one', async () => {
    for (const cookie of [
      'authjs.session-token=not-a-session',
      await sessionCookie('Expired', new Date(Date.now() - 1000)),
    ]) {
      const res = await send('/search?q=ledger', { headers: { cookie } });
      expect(res.headers['x-page-cache']).toBe('hit');
      expect(res.body.toString()).not.toContain('__headerAccount');
    }
    // On an https site only the __Secure- cookie counts: a plain one may have been planted over http.
    const planted = await sessionCookie('Planted');
    vi.stubEnv('APP_URL', 'https://directory.example');
    try {
      expect((await send('/search?q=ledger', { headers: { cookie: planted } })).body.toString()).not.toContain(
        'Planted',
      );
      const secure = planted.replace('authjs.session-token', '__Secure-authjs.session-token');
      expect((await send('/search?q=ledger', { headers: { cookie: secure } })).body.toString()).toContain('Planted');
    } finally {
      vi.stubEnv('APP_URL', '');
    }
    // A page without a head to put the account in is rendered by the app for the person.
    const cookie = await sessionCookie('Headless');
    expect((await send('/leaderboard', { headers: { cookie } })).body.toString()).toBe('reached the app');
  });

  it('steps aside while the cache is bypassed (the server cannot hear other servers) or turned off', async () => {
    pageCache().setBypass(true);
    expect((await send('/leaderboard')).body.toString()).toBe('reached the app');
    pageCache().setBypass(false);
    vi.stubEnv('PAGE_CACHE', 'off');
    expect((await send('/leaderboard')).body.toString()).toBe('reached the app');
    vi.stubEnv('PAGE_CACHE', '');
    expect((await send('/leaderboard')).headers['x-page-cache']).toBe('hit');
  });
});
