// Sites that cannot be read: each draft fails with its reason, and the URL can be submitted again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, html, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { caller, waitForDraft, type Caller } from './helpers';

allowLoopbackCrawling();
process.env.CRAWLER_PAGE_TIMEOUT_MS = '800';
const { db } = await useTestDatabase();
const app = await useApp();
const sites: FixtureSite[] = [];
let call: Caller;

async function site(name: string | null, opts: Parameters<typeof startFixtureSite>[1] = {}) {
  const s = await startFixtureSite(name, opts);
  sites.push(s);
  return s;
}

beforeAll(async () => {
  call = caller(app.url, (await createAccount(db)).auth);
});
afterAll(async () => {
  await stopLocalRunner();
  await Promise.all(sites.map((s) => s.close()));
});

async function failureOf(url: string) {
  const res = await call('POST', '/drafts', { url });
  expect(res.status).toBe(201);
  const d = await waitForDraft(call, res.body.id);
  expect(d.status).toBe('failed');
  return d;
}

describe('draft failures', () => {
  it('robots.txt answering 503: nothing else is fetched (robots_disallowed)', async () => {
    const s = await site('plain', { routes: { '/robots.txt': (_q, r) => r.writeHead(503).end('busy') } });
    const d = await failureOf(s.url);
    expect(d.failure?.reason).toBe('robots_disallowed');
    expect(s.requests).toEqual(['/robots.txt']);
  });

  it('robots.txt disallowing everything for our bot', async () => {
    const s = await site('plain', {
      routes: {
        '/robots.txt': (_q, r) =>
          r.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: ProductDirectoryBot\nDisallow: /\n'),
      },
    });
    expect((await failureOf(s.url)).failure?.reason).toBe('robots_disallowed');
    expect(s.requests).toEqual(['/robots.txt']);
  });

  it('a home page redirecting to a private address (blocked_address)', async () => {
    const s = await site(null, {
      routes: { '/': (_q, r) => r.writeHead(302, { location: 'http://10.0.0.1/' }).end() },
    });
    expect((await failureOf(s.url)).failure?.reason).toBe('blocked_address');
  });

  it('an oversized page (too_large)', async () => {
    const s = await site(null, {
      routes: {
        '/': (_q, r) => {
          r.writeHead(200, { 'content-type': 'text/html' });
          const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
          for (let i = 0; i < 90; i++) r.write(chunk);
          r.end();
        },
      },
    });
    expect((await failureOf(s.url)).failure?.reason).toBe('too_large');
  });

  it('a slow page (timeout)', async () => {
    const s = await site(null, {
      routes: {
        '/': (_q, r) =>
          setTimeout(() => r.writeHead(200, { 'content-type': 'text/html' }).end(html('<p>late</p>')), 3_000).unref(),
      },
    });
    expect((await failureOf(s.url)).failure?.reason).toBe('timeout');
  });

  it('not a web page (not_html)', async () => {
    const s = await site(null, {
      routes: { '/': (_q, r) => r.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7') },
    });
    expect((await failureOf(s.url)).failure?.reason).toBe('not_html');
  });

  it('nobody listening (unreachable), then the same URL submitted again once the site is up', async () => {
    const s = await site('plain');
    const url = s.url;
    await s.close();
    const failed = await failureOf(url);
    expect(failed.failure?.reason).toBe('unreachable');
    await site('plain', { port: Number(new URL(url).port) });
    const again = await call('POST', '/drafts', { url });
    expect(again.body.id).not.toBe(failed.id);
    expect(again.body.status).toBe('crawling');
    const ready = await waitForDraft(call, again.body.id);
    expect(ready.status).toBe('ready');
    expect(ready.fields.name.value).toBe('Birdhouse');
    expect(ready.fields.contact_email.value).toBe('team@birdhouse.test');
  });

  it('refuses URLs that are not public websites at once (422 blocked_address naming url)', async () => {
    process.env.CRAWLER_ALLOW_PRIVATE_HOSTS = '';
    try {
      for (const url of [
        'http://127.0.0.1/',
        'http://169.254.169.254/latest',
        'http://[::1]/',
        'http://localhost/',
        'https://intranet.local/',
        'http://10.1.2.3/',
        'https://example.com:8443/',
      ]) {
        const res = await call('POST', '/drafts', { url });
        expect(res.status, url).toBe(422);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.body.code).toBe('blocked_address');
        expect(res.body.errors[0].path).toBe('url');
      }
      // What the host is is the reason given, not its port (the demo site on 127.0.0.1:4010 was told "standard ports").
      for (const [url, reason] of [
        ['http://127.0.0.1:4010/', '127.0.0.1 is not a public internet address.'],
        ['http://localhost:3000/', 'localhost is not a public website.'],
        ['https://example.com:8443/', 'Only websites on the standard ports (80, 443) can be read.'],
      ])
        expect((await call('POST', '/drafts', { url })).body.errors[0].message, url).toBe(reason);
      // Names no website can have are refused before a crawl is spent on them.
      for (const url of ['https://a..b.com/', 'https://-a.com/', 'https://a-.com/', `https://${'a'.repeat(64)}.com/`]) {
        const res = await call('POST', '/drafts', { url });
        expect(res.status, url).toBe(422);
        expect(res.body.errors[0], url).toMatchObject({
          path: 'url',
          message: expect.stringMatching(/not a valid website name/),
        });
      }
      const bad = await call('POST', '/drafts', { url: 'ftp://example.com/file' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0].path).toBe('url');
    } finally {
      allowLoopbackCrawling();
    }
  });
});

describe('untrusted page text', () => {
  it('instructions inside a page change nothing', async () => {
    const s = await site('injection');
    const res = await call('POST', '/drafts', { url: s.url });
    const d = await waitForDraft(call, res.body.id);
    expect(d.status).toBe('ready');
    expect(d.fields.name.value).toBe('Quietly');
    expect(d.fields.headline.value).toBe('Focus timer for deep work');
    expect(d.fields.contact_email.value).toBeNull();
    expect(d.fields.founded_year.value).toBe(2021);
    expect(d.founders).toEqual([]);
    expect(JSON.stringify(d)).not.toMatch(/EvilCorp|attacker@evil|Evil Person|Buy crypto/);
  });
});
