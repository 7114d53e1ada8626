// The home page's sections: launching this week, this week's ranking, upcoming launches.
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, ANNOUNCED_STATUSES, LISTING_STATUS } from '@/db/schema';
import { weeklyLeaderboard } from '@/lib/leaderboards/weekly';
import { summaryColumns, type SummaryRow } from '@/lib/listings/summary';

/** Live listings whose launch week is `week`, most voted first. */
export async function launchingInWeek(db: DbOrTx, week: string, limit = 12): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(listings)
    .where(and(eq(listings.status, LISTING_STATUS.live), eq(listings.launchWeek, week)))
    .orderBy(desc(listings.votesCount), asc(listings.id))
    .limit(limit);
}

export type UpcomingLaunch = { name: string; slug: string; headline: string; launchWeek: string };

/**
 * Announced launches in a later week: name, headline and the address of their coming-soon page
 * (nothing else of a listing that is not live).
 */
export async function upcomingLaunches(db: DbOrTx, currentWeek: string, limit = 8): Promise<UpcomingLaunch[]> {
  const rows = await db
    .select({ name: listings.name, slug: listings.slug, headline: listings.headline, launchWeek: listings.launchWeek })
    .from(listings)
    .where(and(inArray(listings.status, ANNOUNCED_STATUSES), gt(listings.launchWeek, currentWeek)))
    .orderBy(asc(listings.launchWeek), asc(listings.id))
    .limit(limit);
  return rows.map((r) => ({ name: r.name, slug: r.slug, headline: r.headline, launchWeek: r.launchWeek! }));
}

/** The most voted live listings of all time, read in the order of listings_status_votes_idx (nothing counted). */
export async function topAllTime(db: DbOrTx, limit = 10): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(listings)
    .where(eq(listings.status, LISTING_STATUS.live))
    .orderBy(sql`${listings.votesCount} desc nulls last`, asc(listings.id))
    .limit(limit);
}

/** This week's ranking; early in a week with few votes it is short, so the page tops it up. */
export async function topThisWeek(db: DbOrTx, week: string, limit = 10) {
  const { rows } = await weeklyLeaderboard(db, week, { page: 1, per_page: limit });
  return rows;
}
