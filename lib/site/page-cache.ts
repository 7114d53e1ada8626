// Public pages as a visitor without a session sees them, kept rendered (proxy.ts serves them): a
// page costs a render once per change of the data it shows, not once per request. A page is
// rendered by asking this server for it over loopback (lib/cache/page-renders.ts registers the
// render, so its data reads tag it and read fresh); it lives in the page cache (lib/cache/public-cache
// pageCache: the same expiries, stale-while-rebuilding, and other servers' expiries as the data).
// Each hit gets a fresh CSP nonce and request id in place of the render's. Anything that could be
// personal is never cached: a session or any unknown cookie, server actions, client navigations.
import type { NextRequest } from 'next/server';
import { PAGE_RENDER_HEADER, startPageRender } from '@/lib/cache/page-renders';
import { pageCache } from '@/lib/cache/public-cache';
import { tags as cacheTags } from '@/lib/cache/tags';
import { newRequestId } from './request-id';
import { newNonce } from './security-headers';

/** The directory's public pages (a new page is not cached until it is listed here). */
const CACHEABLE_PATH =
  /^\/(?:|c\/[^/]+|categories|founders\/[^/]+|interview|leaderboard(?:\/[^/]+)?|p\/[^/]+(?:\/story)?|pricing|search|upcoming|updates)$/;
/** Cookies that do not change a public page (Auth.js's sign-in form state). */
const NEUTRAL_COOKIE = /^(?:__Host-|__Secure-)?authjs\.(?:csrf-token|callback-url)$/;
/** Requests for something else than the page's HTML document. */
const NOT_A_DOCUMENT = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  PAGE_RENDER_HEADER,
];
/** Response headers the proxy sets afresh, or that describe one transfer. */
const NOT_KEPT = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'content-security-policy',
  'strict-transport-security',
]);

export const PAGE_CACHE_STATUS_HEADER = 'x-page-cache';

type StoredPage = { html: string; headers: [string, string][]; nonce: string; requestId: string };

/** The page cache serves (production server, not turned off, and hearing other servers' expiries). */
export function pageCacheServes(): boolean {
  return process.env.PAGE_CACHE !== 'off' && process.env.NODE_ENV === 'production' && !pageCache().bypass;
}

export function isCacheablePageRequest(request: NextRequest): boolean {
  if (request.method !== 'GET' || !CACHEABLE_PATH.test(request.nextUrl.pathname)) return false;
  if (request.nextUrl.searchParams.has('_rsc') || NOT_A_DOCUMENT.some((h) => request.headers.has(h))) return false;
  return request.cookies.getAll().every((c) => NEUTRAL_COOKIE.test(c.name));
}

/**
 * The page from the cache (rendered now on a miss) with this response's nonce and request id, or
 * null to let Next render this request itself. (Next compresses the proxy's answer as any other.)
 */
export async function cachedPage(
  request: NextRequest,
  fresh: { nonce: string; requestId: string },
): Promise<{ body: string; headers: Headers } | null> {
  const path = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  let page: StoredPage | null;
  try {
    page = await pageCache().read<StoredPage | null>(`page:${path}`, [cacheTags.all], (tags) => renderPage(path, tags));
  } catch {
    return null; // the render failed
  }
  if (!page) return null;
  const html = page.html.replaceAll(page.nonce, fresh.nonce).replaceAll(page.requestId, fresh.requestId);
  const headers = new Headers(page.headers);
  headers.set(PAGE_CACHE_STATUS_HEADER, 'hit');
  return { body: html, headers };
}

/** The server's own address for loopback requests (`npm start` sets PORT). */
export function loopbackOrigin(): string {
  return `http://127.0.0.1:${process.env.PORT || 3000}`;
}

/**
 * Renders `path` through this server. A server error throws (the last good page stays); any other
 * answer than a plain 200 HTML page is stored as null (such a page is rendered per request).
 */
async function renderPage(path: string, tags: Set<string>): Promise<StoredPage | null> {
  const nonce = newNonce();
  const requestId = newRequestId();
  const render = startPageRender({ tags, nonce, requestId });
  try {
    const res = await fetch(`${loopbackOrigin()}${path}`, {
      headers: { [PAGE_RENDER_HEADER]: render.id, accept: 'text/html' },
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const html = await res.text();
    if (res.status >= 500) throw new Error(`rendering ${path} answered ${res.status}`);
    const cacheable =
      res.status === 200 && !res.headers.has('set-cookie') && res.headers.get('content-type')?.startsWith('text/html');
    if (!cacheable) return null;
    const headers = [...res.headers].filter(([name]) => !NOT_KEPT.has(name));
    return { html, headers, nonce, requestId };
  } finally {
    render.done();
  }
}
