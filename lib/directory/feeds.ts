// RSS 2.0 feeds: new launches and latest updates (live listings only).
import { Feed } from 'feed';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_STATUS } from '@/db/schema';
import { latestUpdates } from './updates';

const SITE_TITLE = 'Product Directory';

/** The feeds, as `<link rel="alternate" type="application/rss+xml">` entries (Next metadata `alternates.types`). */
export const FEED_LINKS = {
  'application/rss+xml': [
    { url: '/feeds/launches.xml', title: `${SITE_TITLE}: new launches` },
    { url: '/feeds/updates.xml', title: `${SITE_TITLE}: latest updates` },
  ],
};

/**
 * Feed readers render an item description as HTML (the feed package wraps it in CDATA unchanged),
 * and many render its title so too: owner text goes in as escaped text in both, so `<img onerror=…>`
 * in a summary or an update's title shows as characters.
 */
export const htmlText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function latestLaunches(db: DbOrTx, limit = 50) {
  const rows = await db
    .select({
      slug: listings.slug,
      name: listings.name,
      headline: listings.headline,
      summary: listings.summary,
      launchedAt: listings.launchedAt,
      createdAt: listings.createdAt,
      launchWeek: listings.launchWeek,
    })
    .from(listings)
    .where(eq(listings.status, LISTING_STATUS.live))
    .orderBy(desc(sql`coalesce(${listings.launchedAt}, ${listings.createdAt})`), desc(listings.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, date: (r.launchedAt ?? r.createdAt).toISOString() }));
}

function baseFeed(base: string, path: string, title: string, description: string, updated: Date) {
  return new Feed({
    id: `${base}${path}`,
    title,
    description,
    link: base,
    language: 'en',
    updated,
    generator: SITE_TITLE,
    copyright: `© ${SITE_TITLE}`,
    feedLinks: { rss: `${base}${path}` },
    ttl: 30,
  });
}

export function launchesRss(base: string, items: Awaited<ReturnType<typeof latestLaunches>>): string {
  const feed = baseFeed(
    base,
    '/feeds/launches.xml',
    `${SITE_TITLE}: new launches`,
    'Products that just launched on Product Directory.',
    items[0] ? new Date(items[0].date) : new Date(0),
  );
  for (const l of items) {
    const link = `${base}/p/${l.slug}`;
    feed.addItem({
      title: htmlText(`${l.name}: ${l.headline}`),
      id: link,
      guid: link,
      link,
      date: new Date(l.date),
      description: htmlText(l.summary || l.headline),
    });
  }
  return feed.rss2();
}

export function updatesRss(base: string, items: Awaited<ReturnType<typeof latestUpdates>>['items']): string {
  const feed = baseFeed(
    base,
    '/feeds/updates.xml',
    `${SITE_TITLE}: latest updates`,
    'What makers on Product Directory shipped lately.',
    items[0] ? new Date(items[0].createdAt) : new Date(0),
  );
  for (const u of items) {
    const link = `${base}/p/${u.listing.slug}#updates`;
    feed.addItem({
      title: htmlText(`${u.listing.name}: ${u.title}`),
      id: `${base}/updates/${u.id}`,
      guid: `${base}/updates/${u.id}`,
      link,
      date: new Date(u.createdAt),
      description: htmlText(u.body.slice(0, 1000)),
    });
  }
  return feed.rss2();
}
