// Community-weekly leaderboard: live listings ranked by votes cast in one ISO week.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, votes } from '@/db/schema';
import { listingIdRef, summaryColumns, type SummaryRow } from '@/lib/listings/summary';
import { offsetOf } from '@/lib/pagination';

/**
 * The live listings voted in `week` with their votes that week (`ranked`). The week's votes are
 * counted from their (week, listing) index first, then each voted listing is looked up by id
 * (`offset 0` keeps the lookup a nested loop): PostgreSQL, which guesses ten times as many voted
 * listings as there are, otherwise hashes every live listing to join them (at a million listings,
 * 450 ms against 30 ms, past the public statement timeout under load).
 */
function rankedWeek(week: string): SQL {
  return sql`with week_votes as materialized (
      select ${votes.listingId} as listing_id, count(*)::int as n from ${votes}
      where ${votes.week} = ${week} group by ${votes.listingId}),
    ranked as materialized (
      select w.listing_id, w.n, l.votes_count from week_votes w
      cross join lateral (select ${listings.votesCount} from ${listings}
        where ${listings.id} = w.listing_id and ${listings.status} = 'live' offset 0) l)`;
}

export async function weeklyLeaderboard(
  db: DbOrTx,
  week: string,
  page: { page: number; per_page: number },
): Promise<{ rows: (SummaryRow & { weekVotes: number })[]; total: number }> {
  const top = sql`${rankedWeek(week)}
    select listing_id, n, votes_count, (select count(*) from ranked) as total from ranked
    order by n desc, votes_count desc, listing_id limit ${page.per_page} offset ${offsetOf(page)}`;
  const found = await db
    .select({
      ...summaryColumns,
      weekVotes: sql<number>`top.n`.mapWith(Number),
      total: sql<number>`top.total`.mapWith(Number),
    })
    .from(listings)
    .innerJoin(sql`(${top}) as top`, sql`top.listing_id = ${listingIdRef}`)
    .orderBy(sql`top.n desc`, sql`top.votes_count desc`, listings.id);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`(${rankedWeek(week)} select count(*) from ranked)`.mapWith(Number) })
      .from(sql`(select 1) one`);
    total = c?.n ?? 0;
  }
  const rows = found.map(({ total: _t, ...row }) => row);
  return { rows, total };
}

/** The first week any vote was cast in (the leaderboard links no further back), null before the first vote. */
export async function firstVotedWeek(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ week: sql<string | null>`min(${votes.week})` }).from(votes);
  return row?.week ?? null;
}
