// Cache tags of the public pages, and one way to expire them. Every write that changes what a
// public page shows calls `revalidatePublic(...)` with the tags below (votes, edits, launches,
// updates, stories, prices). Reads tag themselves with the same helpers (lib/directory/*).
import { revalidateTag } from 'next/cache';

export const tags = {
  /** Everything public: use when many listings change at once (a launch week starting). */
  all: 'public',
  home: 'home',
  listing: (id: number) => `listing:${id}`,
  listingSlug: (slug: string) => `listing-slug:${slug}`,
  leaderboard: (week: string) => `leaderboard:${week}`,
  /** Lists of listings: search, categories, sitemap, feeds, counts. */
  listings: 'listings',
  category: (slug: string) => `category:${slug}`,
  updates: 'updates',
  founder: (slug: string) => `founder:${slug}`,
  /** The interview page's recent answers. */
  interview: 'interview',
  catalog: 'catalog',
} as const;

type IncrementalCache = { revalidateTag(tags: string[], durations?: { expire?: number }): Promise<void> };

/**
 * Expires the tags at once (the next visitor gets fresh data). Inside a Next request or server
 * action this is `revalidateTag(tag, { expire: 0 })`; elsewhere in the server process (jobs) it
 * goes to the process's incremental cache; outside Next (unit tests, scripts) it does nothing.
 */
export function revalidatePublic(...list: string[]): void {
  const unique = [...new Set(list)];
  try {
    for (const tag of unique) revalidateTag(tag, { expire: 0 });
    return;
  } catch {
    // not inside a request scope
  }
  const cache = (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache;
  if (cache) void cache.revalidateTag(unique).catch(() => {});
}

/**
 * The tags a change to one listing touches (its page, the lists, home). The product page is cached
 * by slug: a write that renames a listing passes its old slug in `extra` too.
 */
export function listingTags(listing: { id: number; slug: string }, extra: string[] = []): string[] {
  return [tags.listing(listing.id), tags.listingSlug(listing.slug), tags.listings, tags.home, ...extra];
}

/** The product page of one listing only (a follower count changed). */
export const listingPageTags = (listing: { id: number; slug: string }) => [
  tags.listing(listing.id),
  tags.listingSlug(listing.slug),
];
