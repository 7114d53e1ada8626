import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { pageParam } from '@/components/directory/pagination';
import { formatWeekName } from '@/lib/directory/format';
import { isServedWeek, isoWeekOf } from '@/lib/time/iso-week';
import { siteNow } from '@/lib/time/clock';
import { LeaderboardView } from '../leaderboard-view';

type Props = { params: Promise<{ week: string }>; searchParams: Promise<{ page?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { week } = await params;
  return isServedWeek(week)
    ? { title: `Leaderboard · ${formatWeekName(week)}`, alternates: { canonical: `/leaderboard/${week}` } }
    : { title: 'Not found' };
}

export default async function WeekLeaderboardPage({ params, searchParams }: Props) {
  await connection();
  const { week } = await params;
  if (!isServedWeek(week)) notFound();
  return (
    <LeaderboardView week={week} currentWeek={isoWeekOf(siteNow())} page={pageParam((await searchParams).page, 200)} />
  );
}
