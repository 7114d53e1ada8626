// The page front door (./page-front-door.ts behind the `npm start` preload scripts/page-front-door.mjs)
// on a real HTTP server: a cached public page is answered before the app with a fresh nonce and
// request id (the same ones in the header and the page), gzipped when asked; everything else (a miss,
// a session, an RSC request, a page stored as "render per request", a POST) reaches the app.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import '@/scripts/page-front-door.mjs';
import { pageCache } from '@/lib/cache/public-cache';
import { tags } from '@/lib/cache/tags';
import { storedPage } from './page-cache';
import { installPageFrontDoor } from './page-front-door';

const server = http.createServer((_req, res) => res.writeHead(200).end('reached the app'));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;

const RENDER_NONCE = 'rEnd+er/nOnce.0=='; // base64, as real nonces: regex characters in it
const RENDER_ID = 'render-request-id';
const stored = storedPage(
  `<html><script nonce="${RENDER_NONCE}">1</script><p>request ${RENDER_ID}</p><i nonce="${RENDER_NONCE}">é</i></html>`,
  [
    ['content-type', 'text/html; charset=utf-8'],
    ['link', `</a.css>; rel=preload; as="style"; nonce="${RENDER_NONCE}"`],
    ['x-frame-options', 'DENY'],
  ],
  { nonce: RENDER_NONCE, requestId: RENDER_ID },
);

beforeAll(async () => {
  vi.stubEnv('NODE_ENV', 'production'); // the page cache serves on production servers only
  installPageFrontDoor();
  await pageCache().read('page:/leaderboard', [tags.all], async () => stored);
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

  it('gzips the page for a client that accepts it', async () => {
    const res = await send('/leaderboard', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const nonce = nonceOf(res.headers['content-security-policy'])!;
    expect(gunzipSync(res.body).toString()).toContain(`<script nonce="${nonce}">`);
  });

  it('hands everything else to the app', async () => {
    const cases: [string, Parameters<typeof send>[1]][] = [
      ['/p/not-cached-yet', {}],
      ['/pricing', {}],
      ['/account', {}],
      ['/leaderboard?page=2', {}],
      ['/leaderboard?_rsc=1', {}],
      ['/leaderboard', { headers: { rsc: '1' } }],
      ['/leaderboard', { headers: { cookie: 'authjs.session-token=x' } }],
      ['/leaderboard', { headers: { cookie: 'a=1; authjs.csrf-token=y' } }],
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
    // A neutral cookie (the sign-in form's) still gets the cached page.
    const neutral = await send('/leaderboard', { headers: { cookie: 'authjs.csrf-token=y' } });
    expect(neutral.headers['x-page-cache']).toBe('hit');
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
