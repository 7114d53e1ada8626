// Public pages as a visitor without a session sees them, kept rendered (proxy.ts serves them): a
// page costs a render once per change of the data it shows, not once per request. A page is
// rendered by asking this server for it over loopback (lib/cache/page-renders.ts registers the
// render, so its data reads tag it and read fresh); it lives in the page cache (lib/cache/public-cache
// pageCache: the same expiries, stale-while-rebuilding, and other servers' expiries as the data).
// Each hit gets a fresh CSP nonce and request id in place of the render's. Anything that could be
// personal is never cached: a session or any unknown cookie, server actions, client navigations.
import type { NextRequest } from 'next/server';
import { pathDecodes } from '@/lib/input/path';
import { stringProblem } from '@/lib/input/strings';
import { PAGE_RENDER_HEADER, startPageRender } from '@/lib/cache/page-renders';
import { pageCache } from '@/lib/cache/public-cache';
import { tags as cacheTags } from '@/lib/cache/tags';
import { newRequestId } from './request-id';
import { contentSecurityPolicy, HSTS, newNonce, siteIsHttps } from './security-headers';

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

type Hole = 'nonce' | 'requestId';
/**
 * A rendered page kept as the text between the places its nonce and request id stand (`holes`), so
 * a hit writes the parts and fresh values in turn instead of searching and copying the whole page.
 */
type StoredPage = {
  parts: string[];
  holes: Hole[];
  /** UTF-8 bytes of the parts. */
  bytes: number;
  headers: [string, string][];
  nonce: string;
  requestId: string;
};

/** A page served from the cache: its body in pieces (written in turn), their length, its headers. */
export type ServedPage = { chunks: string[]; length: number; headers: Headers };

/** Cuts `html` at every occurrence of the render's nonce and request id. */
export function storedPage(html: string, headers: [string, string][], tokens: Record<Hole, string>): StoredPage {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // With a capturing group, split keeps the tokens: text, token, text, …, text.
  const pieces = html.split(new RegExp(`(${escape(tokens.nonce)}|${escape(tokens.requestId)})`));
  const parts = pieces.filter((_, i) => i % 2 === 0);
  const holes = pieces.filter((_, i) => i % 2 === 1).map((t): Hole => (t === tokens.nonce ? 'nonce' : 'requestId'));
  const bytes = parts.reduce((n, part) => n + Buffer.byteLength(part), 0);
  return { parts, holes, bytes, headers, ...tokens };
}

/** The page cache serves (production server, not turned off, and hearing other servers' expiries). */
export function pageCacheServes(): boolean {
  return process.env.PAGE_CACHE !== 'off' && process.env.NODE_ENV === 'production' && !pageCache().bypass;
}

/** What decides whether a request may be answered from the cache (from a NextRequest or a plain Node request). */
export type PageRequest = {
  method: string;
  url: URL;
  hasHeader: (name: string) => boolean;
  cookieNames: string[];
};

export function isCacheablePage(request: PageRequest): boolean {
  if (request.method !== 'GET' || !CACHEABLE_PATH.test(request.url.pathname)) return false;
  if (request.url.searchParams.has('_rsc') || NOT_A_DOCUMENT.some((h) => request.hasHeader(h))) return false;
  return request.cookieNames.every((name) => NEUTRAL_COOKIE.test(name));
}

export function isCacheablePageRequest(request: NextRequest): boolean {
  return isCacheablePage({
    method: request.method,
    url: request.nextUrl,
    hasHeader: (name) => request.headers.has(name),
    cookieNames: request.cookies.getAll().map((c) => c.name),
  });
}

/** Where a bad page request is rewritten: the 404 page for a path that does not decode, the 400 page for a NUL in the query. */
export function badPageRequest(url: URL): { path: string; status: number } | null {
  if (!pathDecodes(url.pathname)) return { path: '/_not-found-malformed-path', status: 404 };
  for (const [key, value] of url.searchParams)
    if (stringProblem(key) ?? stringProblem(value)) return { path: '/bad-request', status: 400 };
  return null;
}

/** The cache key of a page: its path and query as asked. */
export const pageKey = (url: URL) => `page:${url.pathname}${url.search}`;

/** Whether the page at `url` is in the cache as a page (not absent, not stored as "render per request"). */
export function pageIsCached(url: URL): boolean {
  return pageCache().peek(pageKey(url)) != null;
}

/**
 * The page from the cache (rendered now on a miss) with this response's nonce and request id (in the
 * page and its policy header), or null to let Next render this request itself.
 */
export async function cachedPage(url: URL, fresh: { nonce: string; requestId: string }): Promise<ServedPage | null> {
  const path = `${url.pathname}${url.search}`;
  let page: StoredPage | null;
  try {
    page = await pageCache().read<StoredPage | null>(pageKey(url), [cacheTags.all], (tags) => renderPage(path, tags));
  } catch {
    return null; // the render failed
  }
  if (!page) return null;
  const swap = (text: string) => text.replaceAll(page.nonce, fresh.nonce).replaceAll(page.requestId, fresh.requestId);
  const headers = new Headers(page.headers.map(([name, value]): [string, string] => [name, swap(value)]));
  headers.set(PAGE_CACHE_STATUS_HEADER, 'hit');
  const https = siteIsHttps();
  headers.set('content-security-policy', contentSecurityPolicy(fresh.nonce, { https, dev: false })); // never cached in dev
  if (https) headers.set('strict-transport-security', HSTS);
  const chunks = [page.parts[0]];
  let length = page.bytes;
  page.holes.forEach((hole, i) => {
    chunks.push(fresh[hole], page.parts[i + 1]);
    length += Buffer.byteLength(fresh[hole]);
  });
  return { chunks, length, headers };
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
    return storedPage(html, headers, { nonce, requestId });
  } finally {
    render.done();
  }
}
