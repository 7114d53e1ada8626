// The badge image's data, cached like the public pages (lib/directory/cached.ts): tagged by the
// listing's slug, so a vote or a launch (which expire that tag) shows on the next request.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { cachedRead } from '@/lib/cache/cached-read';
import { listings, sites, LISTING_STATUS } from '@/db/schema';
import { tags } from '@/lib/cache/tags';
import { badgeSvg, type BadgeTheme } from './badge';

/** The listing a badge shows: launched or on its way (the owner puts the badge up before launch). */
async function badgeData(db: Db, slug: string) {
  const [row] = await db
    .select({ status: listings.status, votes: listings.votesCount, site: sites.name })
    .from(listings)
    .innerJoin(sites, eq(sites.id, listings.siteId))
    .where(eq(listings.slug, slug));
  if (!row || row.status === LISTING_STATUS.rejected || row.status === LISTING_STATUS.archived) return null;
  return { live: row.status === LISTING_STATUS.live, votes: row.votes, siteName: row.site };
}

const cachedBadgeData = (slug: string) =>
  cachedRead(['badge', slug], [tags.all, tags.listingSlug(slug)], (db) => badgeData(db, slug));

/** The SVG and its ETag, or null for no such (public or upcoming) listing. */
export async function badgeImage(slug: string, theme: BadgeTheme): Promise<{ svg: string; etag: string } | null> {
  const data = await cachedBadgeData(slug);
  if (!data) return null;
  const svg = badgeSvg({ ...data, theme });
  return { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"` };
}
