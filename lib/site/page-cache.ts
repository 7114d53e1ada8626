// Public pages as a visitor without a session sees them, kept rendered (proxy.ts serves them): a
// page costs a render once per change of the data it shows, not once per request. A page is
// rendered by asking this server for it over loopback (lib/cache/page-renders.ts registers the
// render, so its data reads tag it and read fresh); it lives in the page cache (lib/cache/public-cache
// pageCache: the same expiries, stale-while-rebuilding, and other servers' expiries as the data).
// Each hit gets a fresh CSP nonce and request id in place of the render's. A page is rendered for no
// one: a signed-in visitor gets it too, with their account put in for the header (visitorSession),
// except a product page, which shows their own vote and follow. Never from the cache: any unknown
// cookie, server actions, client navigations.
import type { NextRequest } from 'next/server';
import { getDb } from '@/db/client';
import {
  ACCOUNT_GLOBAL,
  ACCOUNT_STYLE_ID,
  accountInitial,
  SESSION_COOKIES,
  sessionCookie,
  sessionTokenOf,
  type HeaderAccount,
} from '@/lib/auth/header-account';
import { renewedSessionOf } from '@/lib/auth/session-account';
import { pathDecodes } from '@/lib/input/path';
import { stringProblem } from '@/lib/input/strings';
import { PAGE_RENDER_HEADER, startPageRender, type PageRender } from '@/lib/cache/page-renders';
import { pageCache } from '@/lib/cache/public-cache';
import { tags as cacheTags } from '@/lib/cache/tags';
import { deflatePieces, type DeflatedPiece, type Piece } from './gzip-pieces';
import { BUSY_RETRY_AFTER_SECONDS } from './page-status';
import { newRequestId } from './request-id';
import { isSearchWithWords, searchPageRenders } from './search-page-renders';
import { contentSecurityPolicy, HSTS, newNonce, siteIsHttps } from './security-headers';

/** The directory's public pages (a new page is not cached until it is listed here). */
const CACHEABLE_PATH =
  /^\/(?:|c\/[^/]+|categories|founders\/[^/]+|interview|leaderboard(?:\/[^/]+)?|p\/[^/]+(?:\/story)?|pricing|search|upcoming|updates)$/;
/** Cookies that do not change a public page (Auth.js's sign-in form state). */
const NEUTRAL_COOKIE = /^(?:__Host-|__Secure-)?authjs\.(?:csrf-token|callback-url)$/;
/** Pages that show a signed-in visitor something of their own besides the header: their vote and follow. */
const PERSONAL_PATH = /^\/p\//;
/**
 * Set by the front door on a client navigation or prefetch: Next strips the router's own headers and
 * `_rsc` from the request proxy.ts sees, which then took a navigation for a document and answered the
 * router with the cached HTML page (it threw it away and loaded the page again: every click a reload).
 */
export const ROUTER_REQUEST_HEADER = 'x-router-request';
/** Requests for something else than the page's HTML document. */
const NOT_A_DOCUMENT = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  PAGE_RENDER_HEADER,
  ROUTER_REQUEST_HEADER,
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
 * The same text is kept deflated for gzip answers (./gzip-pieces.ts), the first part in two pieces cut
 * where a signed-in visitor's account markup goes.
 */
type StoredPage = {
  parts: string[];
  holes: Hole[];
  /** UTF-8 bytes of the parts. */
  bytes: number;
  /** Where the account markup goes in the first part (accountMarkupAt), -1 for a page without a head. */
  headAt: number;
  /** Base64 raw deflate of: the first part before `headAt`, the first part from it, then each other part. */
  deflated: string[];
  headers: [string, string][];
  nonce: string;
  requestId: string;
};

/**
 * A page served from the cache: its status, its body in pieces (written in turn; gzipOf puts their
 * gzip together), their UTF-8 length, its headers.
 */
export type ServedPage = { status: number; pieces: Piece[]; length: number; headers: Headers };

/** The text of a served page's pieces, in turn. */
export const chunksOf = (page: ServedPage): string[] => page.pieces.map((p) => (typeof p === 'string' ? p : p.text));

/** Cuts `html` at every occurrence of the render's nonce and request id, and deflates the parts. */
export async function storedPage(
  html: string,
  headers: [string, string][],
  tokens: Record<Hole, string>,
): Promise<StoredPage> {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // With a capturing group, split keeps the tokens: text, token, text, …, text.
  const pieces = html.split(new RegExp(`(${escape(tokens.nonce)}|${escape(tokens.requestId)})`));
  const parts = pieces.filter((_, i) => i % 2 === 0);
  const holes = pieces.filter((_, i) => i % 2 === 1).map((t): Hole => (t === tokens.nonce ? 'nonce' : 'requestId'));
  const bytes = parts.reduce((n, part) => n + Buffer.byteLength(part), 0);
  const headAt = accountMarkupAt(parts[0]);
  const cut = Math.max(headAt, 0);
  const deflated = await deflatePieces([parts[0].slice(0, cut), parts[0].slice(cut), ...parts.slice(1)]);
  return { parts, holes, bytes, headAt, deflated, headers, ...tokens };
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
  cookie: (name: string) => string | undefined;
};

/** A browser's request for a page's HTML document (not a client navigation, prefetch or server action). */
export function isDocumentRequest(request: PageRequest): boolean {
  if (request.method !== 'GET') return false;
  return !request.url.searchParams.has('_rsc') && !NOT_A_DOCUMENT.some((h) => request.hasHeader(h));
}

export function isCacheablePage(request: PageRequest): boolean {
  const path = request.url.pathname;
  if (!CACHEABLE_PATH.test(path) || !isDocumentRequest(request)) return false;
  const session = (name: string) => (SESSION_COOKIES as readonly string[]).includes(name) && !PERSONAL_PATH.test(path);
  return request.cookieNames.every((name) => NEUTRAL_COOKIE.test(name) || session(name));
}

/** A request through Next's proxy, as the page cache judges it. */
export function nextPageRequest(request: NextRequest): PageRequest {
  return {
    method: request.method,
    url: request.nextUrl,
    hasHeader: (name) => request.headers.has(name),
    cookieNames: request.cookies.getAll().map((c) => c.name),
    cookie: (name) => request.cookies.get(name)?.value,
  };
}

export const isCacheablePageRequest = (request: NextRequest) => isCacheablePage(nextPageRequest(request));

/** A signed-in visitor: their account, and the cookie that extends their session when it was due. */
export type VisitorSession = { account: HeaderAccount; setCookie: string | null };

/**
 * The visitor's live session (null without one), for the header of a cached page. A page served here
 * never reaches Auth.js, which extends a session in use once a day (in the database and in its
 * cookie), so this does the same: a visitor who reads only cached pages stays signed in.
 */
export async function visitorSession(request: PageRequest): Promise<VisitorSession | null> {
  const https = siteIsHttps();
  const token = sessionTokenOf(request.cookie, https);
  // The database away: the page goes on without the account (and shows its own error if it needs the database).
  const session =
    token &&
    (await getDb()
      .then((db) => renewedSessionOf(db, token))
      .catch(() => null));
  if (!session) return null;
  const { name, email, image, admin } = session.user;
  const setCookie = session.renewedUntil && sessionCookie(token, session.renewedUntil, https);
  return { account: { name, email, image, admin }, setCookie };
}

/**
 * What puts the visitor's account in a page rendered for no one, before the header is parsed: a style
 * that shows the account's initial, linked to the account page, in place of "Sign in" (without
 * JavaScript too), and a script that gives components/account-menu.tsx, once hydrated, the account
 * for its menu. Its rules are unlayered and more specific than globals.css's, which comes after them.
 */
export function accountMarkup(account: HeaderAccount, nonce: string): string {
  const json = JSON.stringify(account)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const initial = accountInitial(account); // a letter, a digit or "?": nothing else reaches the CSS string
  return (
    `<style id="${ACCOUNT_STYLE_ID}" nonce="${nonce}">html .account-signin{display:none}` +
    `html .account-pending{display:block}html .account-pending>span::before{content:"${initial}"}</style>` +
    `<script nonce="${nonce}">self.${ACCOUNT_GLOBAL}=${json}</script>`
  );
}

/** Where the account markup goes: right after the charset (kept first in the head), else the head's start. */
function accountMarkupAt(html: string): number {
  const charset = /^[^]*?<head>(?:<meta charSet="utf-8"\/>)?/.exec(html.slice(0, 2000));
  return charset ? charset[0].length : -1;
}

/** Where a bad page request is rewritten: the 404 page for a path that does not decode, the 400 page for a NUL in the query. */
export function badPageRequest(url: URL): { path: string; status: number } | null {
  if (!pathDecodes(url.pathname)) return { path: '/_not-found-malformed-path', status: 404 };
  for (const [key, value] of url.searchParams)
    if (stringProblem(key) ?? stringProblem(value)) return { path: '/bad-request', status: 400 };
  return null;
}

/**
 * The cache key of a page: its path and query, the query written one way (`%20` and `+` are the same
 * space to the page; Next's proxy sees a query re-encoded, the front door as it was sent).
 */
export function pageKey(url: URL): string {
  const query = url.searchParams.toString();
  return `page:${url.pathname}${query ? `?${query}` : ''}`;
}

/**
 * The page from the cache (rendered now on a miss) with this response's nonce and request id (in the
 * page and its policy header), or null to let Next render this request itself. A render that failed
 * with a server error (nothing good kept to serve instead) is answered as it is, once, to the readers
 * that waited for it, not rendered again for each of them: under a statement timeout a second render
 * would only load the database twice. It keeps the render's request id (the log's line for the error
 * carries it) and gets a fresh nonce. A page that marked its render busy (markRenderStatus: the search
 * page while the database protects itself) is such a render, answered 503 with Retry-After.
 */
export async function cachedPage(
  url: URL,
  fresh: { nonce: string; requestId: string },
  visitor: VisitorSession | null = null,
): Promise<ServedPage | null> {
  const path = `${url.pathname}${url.search}`;
  let page: StoredPage | null;
  try {
    page = await pageCache().read<StoredPage | null>(pageKey(url), [cacheTags.all], (tags) => renderPage(path, tags));
  } catch (err) {
    if (!(err instanceof FailedRender)) return null; // the render did not answer: Next renders the page itself
    const holes = { nonce: fresh.nonce, requestId: err.page.requestId };
    return servedPage(err.page, holes, visitor, err.status) ?? servedPage(err.page, holes, null, err.status);
  }
  return page && servedPage(page, fresh, visitor, 200);
}

/** A stored page as one response: fresh values in its holes, the account markup put in (null: no head for it). */
function servedPage(
  page: StoredPage,
  fresh: Record<Hole, string>,
  visitor: VisitorSession | null,
  status: number,
): ServedPage | null {
  const swap = (text: string) => text.replaceAll(page.nonce, fresh.nonce).replaceAll(page.requestId, fresh.requestId);
  const headers = new Headers(page.headers.map(([name, value]): [string, string] => [name, swap(value)]));
  if (status === 200) headers.set(PAGE_CACHE_STATUS_HEADER, 'hit');
  if (status === 503) headers.set('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
  const https = siteIsHttps();
  headers.set('content-security-policy', contentSecurityPolicy(fresh.nonce, { https, dev: false })); // never cached in dev
  if (https) headers.set('strict-transport-security', HSTS);
  const part = (i: number): DeflatedPiece => ({ text: page.parts[i], deflated: page.deflated[i + 1] });
  const cut = Math.max(page.headAt, 0);
  const head = page.parts[0];
  const pieces: Piece[] = [
    { text: head.slice(0, cut), deflated: page.deflated[0] },
    { text: head.slice(cut), deflated: page.deflated[1] },
  ];
  let length = page.bytes;
  if (visitor) {
    if (page.headAt < 0) return null; // no head to put it in: Next renders the page for the person
    const markup = accountMarkup(visitor.account, fresh.nonce);
    pieces.splice(1, 0, markup);
    length += Buffer.byteLength(markup);
    headers.set('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    if (visitor.setCookie) headers.set('set-cookie', visitor.setCookie);
  }
  page.holes.forEach((hole, i) => {
    pieces.push(fresh[hole], part(i + 1));
    length += Buffer.byteLength(fresh[hole]);
  });
  return { status, pieces, length, headers };
}

/** A render answered with a server error: its page, served to the readers that waited, never stored. */
class FailedRender extends Error {
  constructor(
    readonly status: number,
    readonly page: StoredPage,
  ) {
    super(`rendering answered ${status}`);
  }
}

/** The server's own address for loopback requests (`npm start` sets PORT). */
export function loopbackOrigin(): string {
  return `http://127.0.0.1:${process.env.PORT || 3000}`;
}

/**
 * Renders `path` through this server. A server error throws (the last good page stays), with its page
 * when it is one; any other answer than a plain 200 HTML page is stored as null (such a page is
 * rendered per request).
 */
async function renderPage(path: string, tags: Set<string>): Promise<StoredPage | null> {
  const nonce = newNonce();
  const requestId = newRequestId();
  const watched: PageRender = { tags, nonce, requestId };
  const render = startPageRender(watched);
  const rendered = async () => {
    const res = await fetch(`${loopbackOrigin()}${path}`, {
      // Uncompressed: the page is taken apart and kept as text (a hit is gzipped as it is sent).
      headers: { [PAGE_RENDER_HEADER]: render.id, accept: 'text/html', 'accept-encoding': 'identity' },
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    return { res, html: await res.text() };
  };
  try {
    const { res, html } = isSearchWithWords(path) ? await searchPageRenders().run(rendered) : await rendered();
    const headers = [...res.headers].filter(([name]) => !NOT_KEPT.has(name));
    const isHtml = res.headers.get('content-type')?.startsWith('text/html');
    // A page that marked its render with a status (markRenderStatus: busy) is a server error as well.
    const status = (res.status === 200 && isHtml && watched.status) || res.status;
    if (status >= 500 && isHtml) throw new FailedRender(status, await storedPage(html, headers, { nonce, requestId }));
    if (status >= 500) throw new Error(`rendering ${path} answered ${status}`);
    if (status !== 200 || res.headers.has('set-cookie') || !isHtml) return null;
    return await storedPage(html, headers, { nonce, requestId });
  } finally {
    render.done();
  }
}
