// Which new search pages the page cache keeps: a search with words is kept from its second ask (within
// ASKED_WITHIN_MS), not its first. Most searches are asked once: storing them cost the server about a
// fifth more CPU per new page (the page taken apart, deflated and counted as it is stored), and a run of
// one-off searches pushed out of the cache (1,000 pages, 32 MB) the pages that are read again and
// again. A first ask is rendered by Next for its one visitor (the front door watches the render for its
// status and takes a render turn for it); a second is rendered for the cache and kept, as any page.
import { LRUCache } from 'lru-cache';

const ASKED_WITHIN_MS = 15 * 60_000;
/** Most searches remembered as asked once, and most characters of their keys (a key is the path and query as asked). */
const REMEMBERED = 20_000;
const REMEMBERED_CHARS = 4_000_000;

const g = globalThis as unknown as { __searchesAskedOnce?: LRUCache<string, true> };
const askedOnce = () =>
  (g.__searchesAskedOnce ??= new LRUCache<string, true>({
    max: REMEMBERED,
    maxSize: REMEMBERED_CHARS,
    sizeCalculation: (_, key) => key.length,
    ttl: ASKED_WITHIN_MS,
  }));

/** Whether the page cache should keep the search page with this key: false the first time it is asked (and remembers the ask). */
export function keepSearchPage(key: string): boolean {
  const asked = askedOnce();
  if (asked.has(key)) return true;
  asked.set(key, true);
  return false;
}
