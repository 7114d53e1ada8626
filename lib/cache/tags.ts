// Cache tags of the public pages, and one way to expire them. Every write that changes what a
// public page shows calls `revalidatePublic(...)` with the tags below (votes, edits, launches,
// updates, stories, prices). Reads tag themselves with the same helpers (lib/directory/*).
import { broadcastExpiry } from './peers';
import { publicCache } from './public-cache';

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

/**
 * Expires the tags in this process's cache (lib/cache/public-cache: the entries are rebuilt at once
 * while readers keep the last good value) and, on PostgreSQL, in every other app server's
 * (lib/cache/peers). Call it after the write committed. A writer inside an outer transaction (order
 * fulfilment runs in the order line's) calls it before the commit: the same expiry is repeated
 * once a second later (one repeat for all the writes of that second) so no cache keeps what it read
 * before the commit.
 */
export function revalidatePublic(...list: string[]): void {
  const unique = [...new Set(list)];
  expireEverywhere(unique);
  for (const tag of unique) settling.add(tag);
  settleTimer ??= setTimeout(settle, SETTLE_MS);
  settleTimer.unref?.();
}

const SETTLE_MS = 1_000;
const settling = new Set<string>();
let settleTimer: ReturnType<typeof setTimeout> | undefined;

function settle() {
  settleTimer = undefined;
  const list = [...settling];
  settling.clear();
  if (list.length) expireEverywhere(list);
}

function expireEverywhere(list: string[]) {
  publicCache().expire(list);
  broadcastExpiry(list);
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
