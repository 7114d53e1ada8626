import { leaderboardCard, OG_SIZE } from '@/components/directory/og-card';
import { cachedLeaderboard } from '@/lib/directory/cached';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { isoWeekOf } from '@/lib/time/iso-week';
import { siteNow } from '@/lib/time/clock';

export const size = OG_SIZE;
export const contentType = 'image/png';
export const alt = 'Weekly leaderboard';
export const dynamic = 'force-dynamic';

export default async function Image() {
  const week = isoWeekOf(siteNow());
  const { rows } = await cachedLeaderboard(week, 1, 50);
  return leaderboardCard(
    `Top products · ${formatWeekName(week)}`,
    formatWeekRange(week),
    rows.map((r) => ({ name: r.name, votes: r.weekVotes })),
  );
}
