// The badge check reads the owner's site like the draft crawler does: found as a link to the listing
// page or as the badge image (on the home page or a page it links to); not found; a page robots.txt
// disallows is never requested; a redirect to a private address is refused.
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/support/db';
import { allowLoopbackCrawling, html, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { badgeMatch, checkBadgeOnSite, pagesToRead } from '../badge-check';
import { badgeCode, badgeSvg } from '../badge';
import { BASE } from './helpers';

allowLoopbackCrawling();
const { db } = await useTestDatabase({ seed: false });
const sites: FixtureSite[] = [];
afterAll(() => Promise.all(sites.map((s) => s.close())));

const page = (body: string) => (_q: unknown, r: ServerResponse) =>
  r.writeHead(200, { 'content-type': 'text/html' }).end(html(body));
const text = (t: string) => (_q: unknown, r: ServerResponse) =>
  r.writeHead(200, { 'content-type': 'text/plain' }).end(t);
const redirect = (to: string) => (_q: unknown, r: ServerResponse) => r.writeHead(302, { location: to }).end();

async function site(routes: Record<string, (q: unknown, r: ServerResponse) => void>) {
  const s = await startFixtureSite(null, { routes });
  sites.push(s);
  return s;
}

const check = (url: string, slug = 'acme') =>
  checkBadgeOnSite(db, { siteUrl: url, slug, baseUrls: [BASE], now: new Date() });

describe('badge check on a loopback fixture site', () => {
  it('finds the pasted HTML badge on the home page (a link to the listing page)', async () => {
    const code = badgeCode(BASE, 'Test Directory', { slug: 'acme', name: 'Acme' }, 'light');
    const s = await site({ '/': page(`<h1>Acme</h1><footer>${code.html}</footer>`) });
    expect(await check(`${s.url}/`)).toMatchObject({ result: 'found_link', foundOn: `${s.url}/` });
  });

  it('finds the badge image on a page the home page links to, likeliest pages first', async () => {
    const s = await site({
      '/': page('<a href="/docs">Docs</a> <a href="/press">Press</a> <a href="/blog">Blog</a>'),
      '/press': page(`<img src="${BASE}/badges/acme.svg?theme=dark" alt="Acme on Test Directory">`),
      '/docs': page('<p>Docs</p>'),
    });
    expect(await check(`${s.url}/`)).toMatchObject({ result: 'found_image', foundOn: `${s.url}/press` });
    expect(s.requests).not.toContain('/docs');
  });

  it('reports not_found after the home page and at most three more pages', async () => {
    const s = await site({
      '/': page(
        '<a href="/a">A</a><a href="/b">B</a><a href="/c">C</a><a href="/d">D</a>' +
          // A link to another product, and one to this listing on another host, do not count.
          `<a href="${BASE}/p/other">Other</a><a href="https://elsewhere.example/p/acme">Copy</a>`,
      ),
    });
    const r = await check(`${s.url}/`);
    expect(r.result).toBe('not_found');
    expect(r.pagesRead).toHaveLength(4);
  });

  it('respects robots.txt: a disallowed home page is not requested', async () => {
    const s = await site({
      '/robots.txt': text('User-agent: ProductDirectoryBot\nDisallow: /\n'),
      '/': page(`<a href="${BASE}/p/acme">Featured</a>`),
    });
    expect((await check(`${s.url}/`)).result).toBe('robots_disallowed');
    expect(s.requests).toEqual(['/robots.txt']);
  });

  it('skips a disallowed inner page without requesting it', async () => {
    const s = await site({
      '/robots.txt': text('User-agent: *\nDisallow: /press\n'),
      '/': page('<a href="/press">Press</a>'),
      '/press': page(`<a href="${BASE}/p/acme">Featured</a>`),
    });
    expect((await check(`${s.url}/`)).result).toBe('not_found');
    expect(s.requests).not.toContain('/press');
  });

  it('refuses a redirect to a private address', async () => {
    const s = await site({ '/': redirect('http://10.0.0.7/') });
    expect((await check(`${s.url}/`)).result).toBe('blocked_address');
  });

  it('refuses a redirect to the cloud metadata address from an inner page', async () => {
    const s = await site({
      '/': page('<a href="/press">Press</a>'),
      '/press': redirect('http://169.254.169.254/latest/meta-data/'),
    });
    expect((await check(`${s.url}/`)).result).toBe('not_found');
  });
});

describe('badge matching and code', () => {
  const target = { slug: 'acme', baseUrls: ['https://directory.example'] };
  it('accepts our listing page and badge image, on www. too, and nothing else', () => {
    const at = 'https://acme.example/';
    expect(badgeMatch('<a href="https://directory.example/p/acme/">x</a>', at, target)).toBe('link');
    expect(badgeMatch('<a href="https://www.directory.example/p/acme?ref=badge">x</a>', at, target)).toBe('link');
    expect(badgeMatch('<img srcset="https://directory.example/badges/acme.svg 2x">', at, target)).toBe('image');
    expect(badgeMatch('<a href="/p/acme">x</a>', at, target)).toBeNull();
    expect(badgeMatch('<a href="https://directory.example/p/acme-2">x</a>', at, target)).toBeNull();
    expect(badgeMatch('<a href="javascript:alert(1)">x</a>', at, target)).toBeNull();
    expect(badgeMatch('<p>https://directory.example/p/acme</p>', at, target)).toBeNull();
  });

  it('reads only same-site pages, not files or sign-in pages', () => {
    const pages = pagesToRead(
      'https://acme.example/',
      '<a href="/pricing">P</a><a href="/logo.png">L</a><a href="/login">In</a><a href="https://other.example/">O</a><a href="/featured">F</a>',
    );
    expect(pages).toEqual(['https://acme.example/featured', 'https://acme.example/pricing']);
  });

  it('escapes the product name in the snippets and the SVG', () => {
    const code = badgeCode(BASE, 'Dir', { slug: 'x', name: 'A "quoted" <b>[name]</b>' }, 'dark');
    expect(code.html).toContain('alt="A &quot;quoted&quot; &lt;b&gt;[name]&lt;/b&gt; on Dir"');
    expect(code.markdown).toBe(
      `[![A "quoted" <b>\\[name\\]</b> on Dir](${BASE}/badges/x.svg?theme=dark)](${BASE}/p/x)`,
    );
    const svg = badgeSvg({ siteName: 'Dir & <Co>', live: true, votes: 1234, theme: 'dark' });
    expect(svg).toContain('Dir &amp; &lt;Co&gt;');
    expect(svg).toContain('>1.2K<');
    expect(badgeSvg({ siteName: 'Dir', live: false, votes: 0, theme: 'light' })).toContain('LAUNCHING SOON ON');
    expect(badgeSvg({ siteName: 'Dir', live: true, votes: 1, theme: 'light' })).toContain(
      '<title>Featured on Dir: 1 vote</title>',
    );
    expect(svg).toContain('<title>Featured on Dir &amp; &lt;Co&gt;: 1234 votes</title>');
  });
});
