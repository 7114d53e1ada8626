// robots.txt per RFC 9309 against real servers on loopback, cached in the database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotsCache } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { getRobots, ROBOTS_MAX_BYTES } from './robots';

allowLoopbackCrawling();
const { db } = await useTestDatabase({ seed: false });
const sites: FixtureSite[] = [];
const robots = async (body: (req: unknown, res: import('node:http').ServerResponse) => void) => {
  const s = await startFixtureSite(null, { routes: { '/robots.txt': body } });
  sites.push(s);
  return s;
};
const text =
  (t: string, status = 200) =>
  (_q: unknown, r: import('node:http').ServerResponse) =>
    r.writeHead(status, { 'content-type': 'text/plain' }).end(t);

afterAll(() => Promise.all(sites.map((s) => s.close())));

describe('getRobots', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await robots(
      text(
        'User-agent: *\nDisallow: /admin\n\nUser-agent: ProductDirectoryBot\nDisallow: /private/\nAllow: /private/press\n',
      ),
    );
  });

  it('follows the group for our product token', async () => {
    const r = await getRobots(db, site.url);
    expect(r.verdict).toBe('parsed');
    expect(r.isAllowed(`${site.url}/private/plans`)).toBe(false);
    expect(r.isAllowed(`${site.url}/private/press`)).toBe(true);
    expect(r.isAllowed(`${site.url}/admin`)).toBe(true); // our group replaces the * group
    expect(r.isAllowed(`${site.url}/`)).toBe(true);
  });

  it('is cached in the database for 24 hours', async () => {
    const now = new Date();
    await getRobots(db, site.url, now);
    const hits = site.requests.length;
    await getRobots(db, site.url, new Date(now.getTime() + 23 * 3600_000));
    expect(site.requests.length).toBe(hits);
    const [row] = await db.select().from(robotsCache).where(eq(robotsCache.origin, site.url));
    expect(row.expiresAt.getTime() - row.fetchedAt.getTime()).toBe(24 * 3600_000);
    await getRobots(db, site.url, new Date(now.getTime() + 25 * 3600_000));
    expect(site.requests.length).toBe(hits + 1);
  });

  it('4xx: everything allowed', async () => {
    const s = await robots(text('gone', 404));
    const r = await getRobots(db, s.url);
    expect(r.verdict).toBe('allow_all');
    expect(r.isAllowed(`${s.url}/anything`)).toBe(true);
  });

  it('5xx: nothing allowed', async () => {
    const s = await robots(text('down', 503));
    const r = await getRobots(db, s.url);
    expect(r).toMatchObject({ verdict: 'disallow_all', failure: 'server_error' });
    expect(r.isAllowed(`${s.url}/`)).toBe(false);
  });

  it('unreachable: nothing allowed, and not cached', async () => {
    const s = await startFixtureSite(null);
    await s.close();
    const r = await getRobots(db, s.url);
    expect(r).toMatchObject({ verdict: 'disallow_all', failure: 'unreachable' });
    expect(await db.select().from(robotsCache).where(eq(robotsCache.origin, s.url))).toHaveLength(0);
  });

  it('parses at most 500 KiB', async () => {
    const filler = `# ${'x'.repeat(1000)}\n`.repeat(Math.ceil(ROBOTS_MAX_BYTES / 1000));
    const s = await robots(text(`User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`));
    const r = await getRobots(db, s.url);
    expect(r.isAllowed(`${s.url}/early`)).toBe(false);
    expect(r.isAllowed(`${s.url}/late`)).toBe(true);
  });
});
