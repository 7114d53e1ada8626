import Link from 'next/link';
import { ListingList, ListingRow } from '@/components/directory/listing-row';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/directory/pagination';
import { cachedFirstVotedWeek, cachedLeaderboard } from '@/lib/directory/cached';
import { formatWeekName, formatWeekRange } from '@/lib/directory/format';
import { addWeeks, isServedWeek } from '@/lib/time/iso-week';
import { buttonClass } from '@/components/ui/button';

const PER_PAGE = 50;

/** One ISO week's ranking with links to the weeks around it. */
export async function LeaderboardView({
  week,
  currentWeek,
  page,
}: {
  week: string;
  currentWeek: string;
  page: number;
}) {
  const [{ rows, total }, firstWeek] = await Promise.all([
    cachedLeaderboard(week, page, PER_PAGE),
    cachedFirstVotedWeek(),
  ]);
  const prev = addWeeks(week, -1);
  // No link back past the first week anyone voted in (it led on, week by empty week, for years).
  const hasPrev = isServedWeek(prev) && prev >= (firstWeek ?? currentWeek);
  const next = addWeeks(week, 1);
  const isCurrent = week === currentWeek;
  const nav = buttonClass('secondary', 'md', 'whitespace-nowrap');
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">
            {isCurrent ? 'This week' : week > currentWeek ? 'A week to come' : 'A past week'}
          </p>
          <h1 className="text-2xl font-bold tracking-tight">Leaderboard · {formatWeekName(week)}</h1>
          <p className="text-sm text-stone-500">
            {formatWeekRange(week)} · ranked by votes cast that week (weeks start Monday 00:00 UTC)
          </p>
        </div>
        <nav aria-label="Weeks" className="flex flex-wrap gap-2">
          {hasPrev && (
            <Link href={`/leaderboard/${prev}`} rel="prev" className={nav}>
              ← {formatWeekName(prev).replace(/, \d+$/, '')}
            </Link>
          )}
          {!isCurrent && (
            <Link href="/leaderboard" className={nav}>
              This week
            </Link>
          )}
          {week < currentWeek && isServedWeek(next) && (
            <Link href={`/leaderboard/${next}`} rel="next" className={nav}>
              {formatWeekName(next).replace(/, \d+$/, '')} →
            </Link>
          )}
        </nav>
      </div>
      {rows.length ? (
        <ListingList label={`Leaderboard ${week}`}>
          {rows.map((l, i) => (
            <ListingRow
              key={l.id}
              listing={l}
              rank={(page - 1) * PER_PAGE + i + 1}
              votes={l.weekVotes}
              votesLabel={isCurrent ? 'votes this week' : 'votes that week'}
            />
          ))}
        </ListingList>
      ) : total > 0 ? (
        <EmptyState>This page is past the last one.</EmptyState>
      ) : (
        <EmptyState>
          {week > currentWeek
            ? 'That week has not started yet.'
            : isCurrent
              ? 'No votes were cast this week yet.'
              : 'No votes were cast that week.'}
        </EmptyState>
      )}
      <Pagination
        page={page}
        perPage={PER_PAGE}
        total={total}
        basePath={isCurrent ? '/leaderboard' : `/leaderboard/${week}`}
      />
    </div>
  );
}
