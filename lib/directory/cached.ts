// Cached public reads for the pages. Each entry is tagged by the entities it shows (lib/cache/tags)
// so a write expires exactly what it changed; a time limit is the backstop for writers that
// cannot reach this process's cache (another process, a script).
import { unstable_cache } from 'next/cache';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { tags } from '@/lib/cache/tags';
import { listActiveProducts, listCategories, listInterviewQuestions } from '@/lib/catalog/catalog';
import { weeklyLeaderboard } from '@/lib/leaderboards/weekly';
import { searchListings, type SearchInput } from '@/lib/listings/search';
import { latestLaunches } from './feeds';
import { getPublicFounder } from './founders';
import { recentAnswers } from './interview';
import { launchingInWeek, topAllTime, topThisWeek, upcomingLaunches } from './home';
import { getPublicListing } from './listing-page';
import { countLiveListings, liveListingUrls } from './sitemap';
import { latestUpdates } from './updates';

const BACKSTOP = 300; // seconds

/**
 * The product page's data, keyed and tagged by slug (writers expire it with `listingTags`, which
 * names the slug). React's `cache` shares one read between the page and its metadata.
 */
export const cachedListing = cache((slug: string) =>
  unstable_cache(async () => getPublicListing(await getDb(), { slug }), ['listing-page', slug], {
    tags: [tags.all, tags.listingSlug(slug)],
    revalidate: BACKSTOP,
  })(),
);

export const cachedHome = (week: string) =>
  unstable_cache(
    async () => {
      const db = await getDb();
      const [launching, top, upcoming, updates, allTime] = await Promise.all([
        launchingInWeek(db, week, 12),
        topThisWeek(db, week, 10),
        upcomingLaunches(db, week, 6),
        latestUpdates(db, { page: 1, per_page: 5 }),
        topAllTime(db, 10),
      ]);
      return { launching, top, upcoming, updates: updates.items, allTime };
    },
    ['home', week],
    { tags: [tags.all, tags.home, tags.listings, tags.leaderboard(week), tags.updates], revalidate: BACKSTOP },
  )();

export const cachedSearch = (input: SearchInput) =>
  unstable_cache(async () => searchListings(await getDb(), input), ['search', JSON.stringify(input)], {
    tags: [tags.all, tags.listings, ...(input.category ? [tags.category(input.category)] : [])],
    revalidate: BACKSTOP,
  })();

export const cachedLeaderboard = (week: string, page: number, perPage = 50) =>
  unstable_cache(
    async () => weeklyLeaderboard(await getDb(), week, { page, per_page: perPage }),
    ['leaderboard', week, String(page), String(perPage)],
    {
      tags: [tags.all, tags.leaderboard(week), tags.listings],
      revalidate: BACKSTOP,
    },
  )();

export const cachedUpdates = (page: number, perPage = 20) =>
  unstable_cache(
    async () => latestUpdates(await getDb(), { page, per_page: perPage }),
    ['updates', String(page), String(perPage)],
    {
      tags: [tags.all, tags.updates],
      revalidate: BACKSTOP,
    },
  )();

export const cachedCategories = () =>
  unstable_cache(async () => listCategories(await getDb()), ['categories'], {
    tags: [tags.all, tags.catalog, tags.listings],
    revalidate: BACKSTOP,
  })();

export const cachedProducts = () =>
  unstable_cache(
    async () =>
      (await listActiveProducts(await getDb())).map((p) => ({
        key: p.key,
        name: p.name,
        description: p.description,
        priceCents: p.priceCents,
        needsListing: p.needsListing,
      })),
    ['products'],
    { tags: [tags.all, tags.catalog], revalidate: BACKSTOP },
  )();

export const cachedInterviewQuestions = () =>
  unstable_cache(
    async () =>
      (await listInterviewQuestions(await getDb())).map((q) => ({
        key: q.key,
        question: q.question,
        helpText: q.helpText,
      })),
    ['interview-questions'],
    { tags: [tags.all, tags.catalog], revalidate: BACKSTOP },
  )();

/** The newest public answers under each interview question (/interview). */
export const cachedInterviewAnswers = () =>
  unstable_cache(async () => recentAnswers(await getDb(), 3), ['interview-answers'], {
    tags: [tags.all, tags.interview, tags.listings],
    revalidate: BACKSTOP,
  })();

export const cachedFounder = (slug: string) =>
  unstable_cache(async () => getPublicFounder(await getDb(), slug), ['founder', slug], {
    tags: [tags.all, tags.founder(slug), tags.listings],
    revalidate: BACKSTOP,
  })();

export const cachedLaunchFeed = () =>
  unstable_cache(async () => latestLaunches(await getDb(), 50), ['feed-launches'], {
    tags: [tags.all, tags.listings],
    revalidate: BACKSTOP,
  })();

export const cachedLiveCount = () =>
  unstable_cache(async () => countLiveListings(await getDb()), ['live-count'], {
    tags: [tags.all, tags.listings],
    revalidate: BACKSTOP,
  })();

export const cachedSitemapChunk = (chunk: number) =>
  unstable_cache(async () => liveListingUrls(await getDb(), chunk), ['sitemap', String(chunk)], {
    tags: [tags.all, tags.listings],
    revalidate: BACKSTOP,
  })();

/** /upcoming: the announced launches of the coming weeks (the home page's "Upcoming launches" reads the same function). */
export const cachedUpcoming = (week: string) =>
  unstable_cache(async () => upcomingLaunches(await getDb(), week, 300), ['upcoming', week], {
    tags: [tags.all, tags.home, tags.listings],
    revalidate: BACKSTOP,
  })();
