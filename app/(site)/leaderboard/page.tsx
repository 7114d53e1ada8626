import type { Metadata } from 'next';
import { connection } from 'next/server';
import { pageParam } from '@/components/directory/pagination';
import { isoWeekOf } from '@/lib/time/iso-week';
import { siteNow } from '@/lib/time/clock';
import { LeaderboardView } from './leaderboard-view';

export const metadata: Metadata = { title: 'Weekly leaderboard', alternates: { canonical: '/leaderboard' } };

export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  await connection();
  const week = isoWeekOf(siteNow());
  return <LeaderboardView week={week} currentWeek={week} page={pageParam((await searchParams).page, 200)} />;
}
