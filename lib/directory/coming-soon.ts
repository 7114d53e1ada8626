// A listing announced for launch (waiting for its badge, or scheduled) is not on the site yet, but
// its address is: the badge on the founder's site links there, and the upcoming launches name it. A
// listing with no launch chosen (`draft`) is not public at all: its address is a 404 (a founder
// preparing a quiet launch found it answered at /p/<name>).
// Until launch that address shows a short "coming soon" card (name, headline, logo, week), not a 404.
// Only for this site's listings: another site's draft in the same database launches there, not here.
import { and, eq, inArray } from 'drizzle-orm';
import { cache } from 'react';
import { getDb, type DbOrTx } from '@/db/client';
import { listings, ANNOUNCED_STATUSES } from '@/db/schema';
import { getSite } from '@/lib/site/site';

export type ComingSoon = {
  name: string;
  slug: string;
  url: string;
  headline: string;
  summary: string;
  logoUrl: string | null;
  launchWeek: string | null;
};

export async function comingSoonListing(db: DbOrTx, siteId: number, slug: string): Promise<ComingSoon | null> {
  const [row] = await db
    .select({
      name: listings.name,
      slug: listings.slug,
      url: listings.url,
      headline: listings.headline,
      summary: listings.summary,
      logoUrl: listings.logoUrl,
      launchWeek: listings.launchWeek,
    })
    .from(listings)
    .where(and(eq(listings.slug, slug), eq(listings.siteId, siteId), inArray(listings.status, ANNOUNCED_STATUSES)))
    .limit(1);
  return row ?? null;
}

/** The same for the page and its metadata in one request: one read (React's `cache`). */
export const comingSoonFor = cache(async (slug: string) => {
  const db = await getDb();
  return comingSoonListing(db, (await getSite(db)).id, slug);
});
