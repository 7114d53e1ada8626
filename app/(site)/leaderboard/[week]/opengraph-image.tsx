import { leaderboardCard, OG_SIZE } from '@/components/directory/og-card';
import { cachedLeaderboard } from '@/lib/directory/cached';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { isValidIsoWeek } from '@/lib/time/iso-week';

export const size = OG_SIZE;
export const contentType = 'image/png';
export const alt = 'Weekly leaderboard';

export default async function Image({ params }: { params: Promise<{ week: string }> }) {
  const { week } = await params;
  if (!isValidIsoWeek(week)) return new Response('Not found', { status: 404 });
  const { rows } = await cachedLeaderboard(week, 1, 50);
  return leaderboardCard(
    `Top products · ${formatWeekName(week)}`,
    formatWeekRange(week),
    rows.map((r) => ({ name: r.name, votes: r.weekVotes })),
  );
}
