// sitemap.xml: the public pages and every live listing. Past 45,000 URLs it becomes a sitemap
// index of chunks (the protocol allows 50,000 per file).
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_STATUS } from '@/db/schema';

export const SITEMAP_CHUNK = 45_000;
export const STATIC_PATHS = ['/', '/search', '/leaderboard', '/categories', '/updates', '/interview', '/pricing'];

export async function countLiveListings(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(listings)
    .where(eq(listings.status, LISTING_STATUS.live));
  return row?.n ?? 0;
}

export async function liveListingUrls(
  db: DbOrTx,
  chunk: number,
  size = SITEMAP_CHUNK,
): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await db
    .select({ slug: listings.slug, updatedAt: listings.updatedAt })
    .from(listings)
    .where(eq(listings.status, LISTING_STATUS.live))
    .orderBy(asc(listings.id))
    .limit(size)
    .offset(chunk * size);
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function urlset(entries: { loc: string; lastmod?: string }[]): string {
  const body = entries
    .map((e) => `<url><loc>${esc(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndex(locs: string[]): string {
  const body = locs.map((l) => `<sitemap><loc>${esc(l)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

export function xmlResponse(body: string, type = 'application/xml'): Response {
  return new Response(body, {
    headers: {
      'content-type': `${type}; charset=utf-8`,
      'cache-control': 'public, max-age=300, stale-while-revalidate=3600',
    },
  });
}
