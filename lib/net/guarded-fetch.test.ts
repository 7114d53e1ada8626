// Real sockets on 127.0.0.1: the guard is switched off for 127.0.0.1 in this process only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup } from './guarded-connect';
import { guardedFetch, HTML_TYPES, type FetchFailure } from './guarded-fetch';

let base = '';
let server: http.Server;
const before = process.env.CRAWLER_ALLOW_PRIVATE_HOSTS;

beforeAll(async () => {
  process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = '127.0.0.1';
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = Number(url.searchParams.get('n') ?? 0);
    switch (url.pathname) {
      case '/page':
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<h1>Hello ${req.headers['user-agent']}</h1>`);
        return;
      case '/latin1':
        res
          .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
          .end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        return;
      case '/pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF');
        return;
      case '/chain':
        if (hop < 3) res.writeHead(302, { location: `/chain?n=${hop + 1}` }).end();
        else res.writeHead(200, { 'content-type': 'text/html' }).end('end of chain');
        return;
      case '/loop':
        res.writeHead(301, { location: `/loop?n=${hop + 1}` }).end();
        return;
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/to-localhost':
        res.writeHead(302, { location: 'http://localhost/admin' }).end();
        return;
      case '/to-file':
        res.writeHead(302, { location: 'file:///etc/passwd' }).end();
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/html' });
        for (let i = 0; i < 64; i++) res.write('x'.repeat(16 * 1024));
        res.end();
        return;
      case '/big-declared':
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) });
        res.write('x');
        return;
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>start');
        setTimeout(() => res.end('</p>'), 3_000).unref();
        return;
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/html' }).end('nope');
        return;
      default:
        res.writeHead(500).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = before;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function failure(p: Promise<unknown>): Promise<FetchFailure> {
  const err = await p.then(
    () => null,
    (e: { reason?: FetchFailure }) => e,
  );
  expect(err).not.toBeNull();
  return err!.reason!;
}

describe('guardedFetch', () => {
  it('fetches an allow-listed loopback page with our user agent', async () => {
    const res = await guardedFetch(`${base}/page`, { allowedContentTypes: HTML_TYPES });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('text/html');
    expect(res.text()).toContain('ProductDirectoryBot');
    expect(res.redirects).toEqual([]);
  });

  it('decodes the declared charset', async () => {
    expect((await guardedFetch(`${base}/latin1`)).text()).toBe('café');
  });

  it('returns 4xx answers for the caller to judge', async () => {
    expect((await guardedFetch(`${base}/missing`)).status).toBe(404);
  });

  it('follows up to 5 redirects and reports them', async () => {
    const res = await guardedFetch(`${base}/chain`);
    expect(res.text()).toBe('end of chain');
    expect(res.redirects).toHaveLength(3);
    expect(res.url).toBe(`${base}/chain?n=3`);
  });

  it('returns the redirect itself with maxRedirects 0', async () => {
    const res = await guardedFetch(`${base}/chain`, { maxRedirects: 0 });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/chain?n=1');
  });

  it('refuses redirect loops', async () => {
    expect(await failure(guardedFetch(`${base}/loop`))).toBe('too_many_redirects');
  });

  it('re-checks every redirect: metadata address, a name resolving to loopback, file:', async () => {
    expect(await failure(guardedFetch(`${base}/to-metadata`))).toBe('blocked_address');
    expect(await failure(guardedFetch(`${base}/to-localhost`))).toBe('blocked_address');
    expect(await failure(guardedFetch(`${base}/to-file`))).toBe('bad_url');
  });

  it('refuses non-HTML when pages are asked for', async () => {
    expect(await failure(guardedFetch(`${base}/pdf`, { allowedContentTypes: HTML_TYPES }))).toBe('not_html');
  });

  it('caps the streamed body and a declared oversize length', async () => {
    expect(await failure(guardedFetch(`${base}/big`, { maxBytes: 256 * 1024 }))).toBe('too_large');
    expect(await failure(guardedFetch(`${base}/big-declared`))).toBe('too_large');
    expect((await guardedFetch(`${base}/big`, { maxBytes: 2 * 1024 * 1024 })).body.length).toBe(1024 * 1024);
  });

  it('gives up on slow pages', async () => {
    const started = Date.now();
    expect(await failure(guardedFetch(`${base}/slow`, { timeoutMs: 500 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('reports refused connections as unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await failure(guardedFetch(`http://127.0.0.1:${port}/`))).toBe('unreachable');
  });

  it('refuses loopback, private and other ports without the allow-list', async () => {
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = '';
    try {
      expect(await failure(guardedFetch(`${base}/page`))).toBe('blocked_address');
      expect(await failure(guardedFetch('http://127.0.0.1/'))).toBe('blocked_address');
      expect(await failure(guardedFetch('http://[::1]/'))).toBe('blocked_address');
      expect(await failure(guardedFetch('http://10.0.0.7/'))).toBe('blocked_address');
      expect(await failure(guardedFetch('http://169.254.169.254/latest/meta-data/'))).toBe('blocked_address');
      expect(await failure(guardedFetch('http://[::ffff:127.0.0.1]/'))).toBe('blocked_address');
      expect(await failure(guardedFetch('http://0x7f.1/'))).toBe('blocked_address');
      expect(await failure(guardedFetch('http://example.com:8080/'))).toBe('blocked_address');
      expect(await failure(guardedFetch('ftp://example.com/'))).toBe('bad_url');
      expect(await failure(guardedFetch('http://user:pw@example.com/'))).toBe('bad_url');
    } finally {
      process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = '127.0.0.1';
    }
  });

  it('checks every address a name resolves to', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(err?.name).toBe('BlockedAddressError');
  });
});
