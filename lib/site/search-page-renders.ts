// New search pages (a search with words the page cache does not hold) render at most
// SEARCH_CONCURRENCY at once per server; the next waits its turn. A render is the search and then
// 15–20 ms of Next's rendering on the server's one JavaScript thread: a burst of new search pages
// (every page of a common word) otherwise shared that thread with every other page, and a product
// page asked meanwhile waited behind all of them. The search slots (lib/listings/search-slots) bound
// the database's share; these bound the thread's.
import { createSlots, searchConcurrency, type Slots } from '@/lib/listings/search-slots';

/** As long as a render may take (page-cache.ts renderPage's timeout): a turn comes long before. */
const RENDER_WAIT_MS = 10_000;

const g = globalThis as unknown as { __searchPageRenders?: Slots };

/** Whether `path` (path and query) is the search page with words. */
export function isSearchWithWords(path: string): boolean {
  const url = new URL(path, 'http://render');
  return url.pathname === '/search' && (url.searchParams.get('q') ?? '').trim() !== '';
}

/** This process's turns for rendering new search pages. */
export function searchPageRenders(): Slots {
  g.__searchPageRenders ??= createSlots(searchConcurrency(), RENDER_WAIT_MS);
  return g.__searchPageRenders;
}
