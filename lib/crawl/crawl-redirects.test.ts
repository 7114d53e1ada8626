// Redirects while crawling: robots.txt is checked before every hop, pages do not wander off the
// site, and a home page moving to another origin is read under that origin's robots.txt.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftPages, drafts } from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import { useTestDatabase } from '@/test/support/db';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, html, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { crawlSite } from './crawl';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const sites: FixtureSite[] = [];
let ownerId: string;
const page = (body: string) => (_q: unknown, r: import('node:http').ServerResponse) =>
  r.writeHead(200, { 'content-type': 'text/html' }).end(html(body));
const redirect = (to: string) => (_q: unknown, r: import('node:http').ServerResponse) =>
  r.writeHead(302, { location: to }).end();
const robots = (txt: string) => (_q: unknown, r: import('node:http').ServerResponse) =>
  r.writeHead(200, { 'content-type': 'text/plain' }).end(txt);

beforeAll(async () => {
  ownerId = (await createAccount(db)).user.id;
});
afterAll(() => Promise.all(sites.map((s) => s.close())));

async function crawl(url: string) {
  const id = newDraftId();
  await db.insert(drafts).values({ id, ownerId, url, status: 'crawling', fields: emptyFields() });
  const result = await crawlSite(db, id, url);
  const pages = await db.select().from(draftPages).where(eq(draftPages.draftId, id));
  return { result, pages };
}

describe('crawl redirects', () => {
  it('checks robots.txt before following a redirect and never leaves the site', async () => {
    const other = await startFixtureSite(null, { routes: { '/elsewhere': page('<p>Another site entirely.</p>') } });
    sites.push(other);
    const site = await startFixtureSite(null, {
      routes: {
        '/robots.txt': robots('User-agent: *\nDisallow: /private/\n'),
        '/start': redirect('/'),
        '/': page('<h1>Home</h1><a href="/about">About</a> <a href="/pricing">Pricing</a> <a href="/team">Team</a>'),
        '/about': redirect('/private/about'),
        '/pricing': redirect(`${other.url}/elsewhere`),
        '/team': redirect('/people'),
        '/people': page('<h2>Ana Lima</h2><p>Founder</p>'),
      },
    });
    sites.push(site);
    const { result, pages } = await crawl(`${site.url}/start`);
    expect(result).toMatchObject({ ok: true });
    const status = Object.fromEntries(pages.map((p) => [new URL(p.url).pathname, p.status]));
    expect(status).toMatchObject({
      '/': 'fetched',
      '/about': 'disallowed',
      '/pricing': 'skipped',
      '/people': 'fetched',
    });
    expect(site.requests).not.toContain('/private/about');
    expect(other.requests).toEqual([]);
  });

  it('reads a home page that moved to another origin under that origin’s robots.txt', async () => {
    const target = await startFixtureSite(null, {
      routes: {
        '/robots.txt': robots('User-agent: ProductDirectoryBot\nDisallow: /\n'),
        '/': page('<h1>New home</h1>'),
      },
    });
    sites.push(target);
    const site = await startFixtureSite(null, { routes: { '/': redirect(`${target.url}/`) } });
    sites.push(site);
    const { result } = await crawl(`${site.url}/`);
    expect(result).toMatchObject({ ok: false, reason: 'robots_disallowed' });
    expect(target.requests).toEqual(['/robots.txt']);
  });
});
