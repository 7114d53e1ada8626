// Cache tags of the public pages, and one way to expire them. Every write that changes what a
// public page shows calls `revalidatePublic(...)` with the tags below (votes, edits, launches,
// updates, stories, prices). Reads tag themselves with the same helpers (lib/directory/*).
import { AsyncLocalStorage } from 'node:async_hooks';
import { broadcastExpiry } from './peers';
import { processCaches } from './public-cache';

export const tags = {
  /** Everything public: use when many listings change at once (a launch week starting). */
  all: 'public',
  home: 'home',
  listing: (id: number) => `listing:${id}`,
  listingSlug: (slug: string) => `listing-slug:${slug}`,
  leaderboard: (week: string) => `leaderboard:${week}`,
  /** Lists of listings: search, categories, sitemap, feeds, counts. */
  listings: 'listings',
  /** How many live listings each category holds: changed by what publishes, removes or re-files a listing, not by a vote. */
  categoryCounts: 'category-counts',
  category: (slug: string) => `category:${slug}`,
  updates: 'updates',
  founder: (slug: string) => `founder:${slug}`,
  /** The interview page's recent answers. */
  interview: 'interview',
  catalog: 'catalog',
} as const;

/**
 * Expires the tags in this process's caches (lib/cache/public-cache: the entries are rebuilt at once
 * while readers keep the last good value) and, on PostgreSQL, in every other app server's
 * (lib/cache/peers). Call it after the write committed. A writer that runs inside an outer
 * transaction (order fulfilment runs in the order line's) is wrapped by its caller in
 * `expiringAfter`, which holds the tags until that transaction has finished.
 */
export function revalidatePublic(...list: string[]): void {
  const held = holding.getStore();
  if (held) for (const tag of list) held.add(tag);
  else expireEverywhere([...new Set(list)]);
}

const holding = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `work` (a transaction whose writers call revalidatePublic) and expires the tags they named once
 * it has finished: a cache rebuilt before the commit would keep what it read before it.
 */
export async function expiringAfter<T>(work: () => Promise<T>): Promise<T> {
  const held = new Set<string>();
  try {
    return await holding.run(held, work);
  } finally {
    if (held.size) expireEverywhere([...held]);
  }
}

function expireEverywhere(list: string[]) {
  for (const cache of processCaches()) cache.expire(list);
  broadcastExpiry(list);
}

/**
 * The tags a change to one listing touches (its page, the lists, home). The product page is cached
 * by slug: a write that renames a listing passes its old slug in `extra` too.
 */
export function listingTags(listing: { id: number; slug: string }, extra: string[] = []): string[] {
  return [...voteTags(listing), tags.categoryCounts, ...extra];
}

/** What a vote changes: the listing's page, the lists ordered or showing votes, home (the week's leaderboard is the caller's). */
export function voteTags(listing: { id: number; slug: string }): string[] {
  return [tags.listing(listing.id), tags.listingSlug(listing.slug), tags.listings, tags.home];
}

/** The product page of one listing only (a follower count changed). */
export const listingPageTags = (listing: { id: number; slug: string }) => [
  tags.listing(listing.id),
  tags.listingSlug(listing.slug),
];
