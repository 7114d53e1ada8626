// Public reads of listings: search and the community-weekly leaderboard.
import { z } from 'zod';
import { weeklyLeaderboard } from '@/lib/leaderboards/weekly';
import { SEARCH_MAX_RESULTS, SEARCH_SORTS, searchListings } from '@/lib/listings/search';
import { searchSlots } from '@/lib/listings/search-slots';
import { listingSummary, toListingSummary } from '@/lib/listings/summary';
import { AppError } from '@/lib/errors/app-error';
import { isValidIsoWeek, isoWeekOf, weekRange } from '@/lib/time/iso-week';
import { defineOperation } from './define';
import { paginated, paginationInput, toPage } from '@/lib/pagination';
import { flag, isoWeek } from './schemas';

const votesText = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`;

/** A neighbouring week, or null when `week` would itself be refused (a year outside 1900–2199). */
const servedWeek = (week: string) => (isoWeek.safeParse(week).success ? week : null);

export const searchListingsOp = defineOperation({
  name: 'search_listings',
  method: 'GET',
  path: '/listings',
  scope: 'public',
  idempotent: false,
  tag: 'Listings',
  summary: 'Search live listings',
  description:
    'Full-text search over name, headline, summary and description; the last word is completed as a prefix ("ledg" finds Ledgerly). ' +
    'When nothing matches, words that match no listing are corrected (1 typo in words of 4–7 letters, 2 from 8) and the result says so in corrected_query (exact=true searches the words as given, uncorrected). Without q, lists by votes. ' +
    `Only the first ${SEARCH_MAX_RESULTS} results are served (page × per_page beyond that is refused with 422); total counts up to ${SEARCH_MAX_RESULTS}, and total_exact is false when there are more.`,
  input: z.strictObject({
    q: z
      .string()
      .max(200)
      .optional()
      .meta({ description: 'Search text (words, "quoted phrases", -exclusions).', example: 'analytics' }),
    category: z
      .string()
      .max(100)
      .optional()
      .meta({ description: 'Category slug or name.', example: 'developer-tools' }),
    sort: z
      .enum(SEARCH_SORTS)
      .optional()
      .meta({ description: 'relevance (default with q), votes (default without q), newest or name.' }),
    exact: flag.optional().meta({
      description:
        'true: search the words exactly as given, never corrected (no corrected_query; a misspelling may then match nothing). Default false.',
      example: true,
    }),
    ...paginationInput,
  }),
  output: paginated(listingSummary)
    .extend({
      corrected_query: z.string().optional().meta({
        description:
          'Present only when q matched nothing: the corrected search text these results are for (q with misspelt words replaced).',
        example: 'ledgerly',
      }),
      total_exact: z
        .boolean()
        .optional()
        .meta({
          description: `Present (false) only when more than ${SEARCH_MAX_RESULTS} listings match: total is then ${SEARCH_MAX_RESULTS}, a lower bound. Absent: total is exact.`,
          example: false,
        }),
    })
    .meta({ id: 'ListingPage' }),
  handler: async (ctx, input) => {
    // Searches with words are limited per instance (503 past the limit); listing without words reads an index.
    const search = () => searchListings(ctx.publicDb, input);
    const { rows, total, totalExact, correctedQuery } = input.q?.trim()
      ? await searchSlots().run(search)
      : await search();
    const page = toPage(
      rows.map((r) => toListingSummary(r, ctx.baseUrl)),
      total,
      input,
    );
    return {
      ...page,
      ...(correctedQuery ? { corrected_query: correctedQuery } : {}),
      ...(totalExact ? {} : { total_exact: false }),
    };
  },
  text: (o) =>
    (o.corrected_query
      ? `Showing results for "${o.corrected_query}" (nothing matched the words as given; exact=true searches them uncorrected)\n`
      : '') +
    `${o.total}${o.total_exact === false ? '+' : ''} ${o.total === 1 ? 'listing' : 'listings'}\n` +
    o.items.map((l) => `- ${l.name} (${votesText(l.votes)}) ${l.url}: ${l.headline}`).join('\n'),
});

export const getWeeklyLeaderboardOp = defineOperation({
  name: 'get_weekly_leaderboard',
  method: 'GET',
  path: '/leaderboards/community-weekly',
  scope: 'public',
  idempotent: false,
  tag: 'Listings',
  summary: 'Community-weekly leaderboard',
  description: 'Live listings ranked by the votes cast in one ISO week (default: the current week).',
  input: z.strictObject({
    week: isoWeek.optional(),
    ...paginationInput,
  }),
  output: z.object({
    week: z.string(),
    starts_at: z.string().meta({ description: 'Monday 00:00 UTC.' }),
    ends_at: z.string(),
    previous_week: z.string().nullable().meta({ description: 'null before 1900-W01 (weeks are 1900–2199).' }),
    next_week: z.string().nullable().meta({ description: 'null after 2199-W52.' }),
    items: z.array(
      listingSummary.extend({
        rank: z.number().int(),
        week_votes: z.number().int().meta({ description: 'Votes cast in this week.' }),
      }),
    ),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    has_more: z.boolean(),
  }),
  handler: async (ctx, input) => {
    const week = input.week ?? isoWeekOf(ctx.now);
    if (!isValidIsoWeek(week))
      throw new AppError('validation_failed', `${week} is not an ISO week.`, {
        errors: [{ path: 'week', message: 'No such ISO week.' }],
      });
    const range = weekRange(week)!;
    const { rows, total } = await weeklyLeaderboard(ctx.publicDb, week, input);
    const offset = (input.page - 1) * input.per_page;
    const page = toPage(
      rows.map((r, i) => ({ ...toListingSummary(r, ctx.baseUrl), rank: offset + i + 1, week_votes: r.weekVotes })),
      total,
      input,
    );
    return {
      week,
      starts_at: range.start.toISOString(),
      ends_at: range.end.toISOString(),
      previous_week: servedWeek(isoWeekOf(new Date(range.start.getTime() - 1))),
      next_week: servedWeek(isoWeekOf(range.end)),
      ...page,
    };
  },
  text: (o) => `Week ${o.week}\n` + o.items.map((l) => `${l.rank}. ${l.name}: ${votesText(l.week_votes)}`).join('\n'),
});
