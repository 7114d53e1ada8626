// The preload `npm start` puts before Next (scripts/refuse-requests.mjs): TRACE is 405 with Allow and
// an undecodable API path or query is 400 problem+json, where Next itself would answer 500 (or read
// the query otherwise).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import '@/scripts/refuse-requests.mjs';

const server = http.createServer((_req, res) => res.writeHead(200).end('reached the app'));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function send(method: string, path: string, headers: [string, string][] = []) {
  return new Promise<{ status: number; allow?: string; type?: string; body: string }>((resolve, reject) => {
    // Headers as a flat list: Node sends a name given twice twice (and adds no Host of its own).
    const raw = [['Host', `127.0.0.1:${port}`], ...headers].flat();
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: raw }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, allow: res.headers.allow, type: res.headers['content-type'], body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests refused before the app', () => {
  it('TRACE is 405 with Allow (TRACK never gets past the Node HTTP parser: 400)', async () => {
    const res = await send('TRACE', '/');
    expect(res.status).toBe(405);
    expect(res.allow).toContain('GET');
    expect(res.allow).not.toContain('TRACE');
    expect((await send('TRACK', '/')).status).toBe(400);
  });

  it('a malformed escape in an API path is 400 problem+json; pages and good paths reach the app', async () => {
    const bad = await send('GET', '/api/v1/drafts/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(bad.body).detail).toContain('percent-escape');
    expect((await send('GET', '/api/v1/drafts/d%C3%A9j%C3%A0')).body).toBe('reached the app');
    expect((await send('GET', '/p/%E0%A4%A')).body).toBe('reached the app'); // the page's 404 comes from proxy.ts
  });

  it('a malformed escape in an API query is 400 (Next re-encodes the query: the handler would read "%ZZ")', async () => {
    for (const path of ['/api/v1/listings?q=%ZZ', '/api/v1/listings?q=abc%E0', '/api/v1/listings?%ZZ=1']) {
      const bad = await send('GET', path);
      expect(bad.status, path).toBe(400);
      expect(JSON.parse(bad.body).detail).toContain('query string');
    }
    for (const path of ['/api/v1/listings?q=100%25', '/api/v1/listings?q=a+b&page=2', '/search?q=%ZZ'])
      expect((await send('GET', path)).body, path).toBe('reached the app');
  });

  it('two Authorization or two Idempotency-Key headers on the API or MCP are 400 problem+json', async () => {
    const twoKeys: [string, string][] = [
      ['Authorization', 'Bearer pld_account_a'],
      ['Authorization', 'Bearer pld_account_b'],
    ];
    for (const path of ['/api/v1/me', '/mcp']) {
      const res = await send('POST', path, twoKeys);
      expect(res.status).toBe(400);
      expect(res.type).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.body).detail).toContain('Send one Authorization header');
    }
    const keys = await send('POST', '/api/v1/drafts', [
      ['Idempotency-Key', 'a'],
      ['idempotency-key', 'b'],
    ]);
    expect(keys.status).toBe(400);
    expect(JSON.parse(keys.body).detail).toContain('Send one Idempotency-Key header');
    // One of each reaches the app; pages are not concerned.
    expect(
      (
        await send('POST', '/api/v1/drafts', [
          ['Authorization', 'Bearer x'],
          ['Idempotency-Key', 'a'],
        ])
      ).body,
    ).toBe('reached the app');
    expect((await send('GET', '/account', twoKeys)).body).toBe('reached the app');
  });
});
