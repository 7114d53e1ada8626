// Cached public reads for the pages (lib/cache/cached-read: one bounded cache per process, kept in
// step across servers). Each entry is tagged by the entities it shows (lib/cache/tags) so a write
// expires exactly what it changed; readers get the last good value while it is rebuilt.
import { cache } from 'react';
import { cachedRead } from '@/lib/cache/cached-read';
import { tags } from '@/lib/cache/tags';
import { listActiveProducts, listCategories, listInterviewQuestions } from '@/lib/catalog/catalog';
import { firstVotedWeek, weeklyLeaderboard } from '@/lib/leaderboards/weekly';
import { searchListings, type SearchInput } from '@/lib/listings/search';
import { searchPageQueueWaitMs, searchSlots } from '@/lib/listings/search-slots';
import { latestLaunches } from './feeds';
import { getPublicFounder } from './founders';
import { recentAnswers } from './interview';
import { launchingInWeek, topAllTime, topThisWeek, upcomingLaunches } from './home';
import { getPublicListing } from './listing-page';
import { countLiveListings, liveListingUrls } from './sitemap';
import { latestUpdates } from './updates';

/**
 * The product page's data, keyed and tagged by slug (writers expire it with `listingTags`, which
 * names the slug). React's `cache` shares one read between the page and its metadata.
 */
export const cachedListing = cache((slug: string) =>
  cachedRead(['listing-page', slug], [tags.all, tags.listingSlug(slug)], (db) => getPublicListing(db, { slug })),
);

export const cachedHome = (week: string) =>
  cachedRead(['home', week], [tags.all, tags.home, tags.listings, tags.leaderboard(week), tags.updates], async (db) => {
    const [launching, top, upcoming, updates, allTime] = await Promise.all([
      launchingInWeek(db, week, 12),
      topThisWeek(db, week, 10),
      upcomingLaunches(db, week, 6),
      latestUpdates(db, { page: 1, per_page: 5 }),
      topAllTime(db, 10),
    ]);
    return { launching, top, upcoming, updates: updates.items, allTime };
  });

/**
 * A search with words takes one of the server's search slots, as through the API, waiting longer for
 * one (lib/listings/search-slots: 503 service_busy past the wait).
 */
export const cachedSearch = (input: SearchInput) =>
  cachedRead(
    ['search', JSON.stringify(input)],
    [tags.all, tags.listings, ...(input.category ? [tags.category(input.category)] : [])],
    (db) =>
      input.q?.trim()
        ? searchSlots().run(() => searchListings(db, input), searchPageQueueWaitMs())
        : searchListings(db, input),
  );

export const cachedLeaderboard = (week: string, page: number, perPage = 50) =>
  cachedRead(['leaderboard', week, page, perPage], [tags.all, tags.leaderboard(week), tags.listings], (db) =>
    weeklyLeaderboard(db, week, { page, per_page: perPage }),
  );

export const cachedFirstVotedWeek = () =>
  cachedRead(['first-voted-week'], [tags.all, tags.listings], (db) => firstVotedWeek(db));

export const cachedUpdates = (page: number, perPage = 20) =>
  cachedRead(['updates', page, perPage], [tags.all, tags.updates], (db) =>
    latestUpdates(db, { page, per_page: perPage }),
  );

export const cachedCategories = () =>
  cachedRead(['categories'], [tags.all, tags.catalog, tags.categoryCounts], (db) => listCategories(db));

export const cachedProducts = () =>
  cachedRead(['products'], [tags.all, tags.catalog], async (db) =>
    (await listActiveProducts(db)).map((p) => ({
      key: p.key,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      needsListing: p.needsListing,
      options: p.options,
    })),
  );

export const cachedInterviewQuestions = () =>
  cachedRead(['interview-questions'], [tags.all, tags.catalog], async (db) =>
    (await listInterviewQuestions(db)).map((q) => ({ key: q.key, question: q.question, helpText: q.helpText })),
  );

/** The newest public answers under each interview question (/interview). */
export const cachedInterviewAnswers = () =>
  cachedRead(['interview-answers'], [tags.all, tags.interview, tags.listings], (db) => recentAnswers(db, 3));

export const cachedFounder = (slug: string) =>
  cachedRead(['founder', slug], [tags.all, tags.founder(slug), tags.listings], (db) => getPublicFounder(db, slug));

export const cachedLaunchFeed = () =>
  cachedRead(['feed-launches'], [tags.all, tags.listings], (db) => latestLaunches(db, 50));

export const cachedLiveCount = () =>
  cachedRead(['live-count'], [tags.all, tags.listings], (db) => countLiveListings(db));

export const cachedSitemapChunk = (chunk: number) =>
  cachedRead(['sitemap', chunk], [tags.all, tags.listings], (db) => liveListingUrls(db, chunk));

/** /upcoming: the announced launches of the coming weeks (the home page's "Upcoming launches" reads the same function). */
export const cachedUpcoming = (week: string) =>
  cachedRead(['upcoming', week], [tags.all, tags.home, tags.listings], (db) => upcomingLaunches(db, week, 300));
