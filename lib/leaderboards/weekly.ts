// Community-weekly leaderboard: live listings ranked by votes cast in one ISO week.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, votes, LISTING_STATUS } from '@/db/schema';
import { summaryColumns, type SummaryRow } from '@/lib/listings/summary';
import { offsetOf } from '@/lib/pagination';

export async function weeklyLeaderboard(
  db: DbOrTx,
  week: string,
  page: { page: number; per_page: number },
): Promise<{ rows: (SummaryRow & { weekVotes: number })[]; total: number }> {
  const weekVotes = db
    .select({ listingId: votes.listingId, n: sql<number>`count(*)`.as('n') })
    .from(votes)
    .where(eq(votes.week, week))
    .groupBy(votes.listingId)
    .as('week_votes');
  const rows = await db
    .select({
      ...summaryColumns,
      weekVotes: sql<number>`${weekVotes.n}`.mapWith(Number),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(weekVotes)
    .innerJoin(listings, and(eq(listings.id, weekVotes.listingId), eq(listings.status, LISTING_STATUS.live)))
    .orderBy(desc(weekVotes.n), desc(listings.votesCount), listings.id)
    .limit(page.per_page)
    .offset(offsetOf(page));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(distinct ${votes.listingId})`.mapWith(Number) })
      .from(votes)
      .innerJoin(listings, and(eq(listings.id, votes.listingId), eq(listings.status, LISTING_STATUS.live)))
      .where(eq(votes.week, week));
    total = c?.n ?? 0;
  }
  return { rows, total };
}
