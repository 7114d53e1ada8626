// Public pages answered from the page cache before Next handles the request: Next's own request
// handling costs a few milliseconds per page on this kind of machine, more than sending a page kept
// in memory. The `npm start` preload (scripts/page-front-door.mjs) hands every request to the function
// installed here first. A request the proxy would itself answer from the cache is taken, a miss
// included: the page is rendered for the cache (over loopback, uncompressed) and sent from here, so a
// new page passes through Next once, not twice. A gzip answer is put together from the page's pieces
// deflated once (./gzip-pieces.ts). A new search page asked for the first time is not kept
// (./search-page-admission.ts): Next renders it for its visitor, watched for the status the page marks.
// Everything else (a product page for a signed-in visitor, a bad path, a page the cache keeps no copy
// of) goes on to Next unchanged.
// The answer is the proxy's: the same page, fresh nonce and request id, the same headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { newRequestId } from './request-id';
import { newNonce } from './security-headers';
import { PAGE_RENDER_HEADER, startPageRender, type PageRender } from '@/lib/cache/page-renders';
import { pageCache } from '@/lib/cache/public-cache';
import { gzipOf } from './gzip-pieces';
import {
  badPageRequest,
  cachedPage,
  chunksOf,
  isCacheablePage,
  isDocumentRequest,
  pageCacheServes,
  pageKey,
  ROUTER_REQUEST_HEADER,
  type PageRequest,
  visitorSession,
} from './page-cache';
import { BUSY_RETRY_AFTER_SECONDS } from './page-status';
import { keepSearchPage } from './search-page-admission';
import { isSearchWithWords, searchPageRenders } from './search-page-renders';

const FRONT_DOOR = Symbol.for('product-directory.page-front-door');

type FrontDoor = (req: IncomingMessage, res: ServerResponse, toNext: () => void) => boolean;

/** The request as the page cache judges it, or null for a target that is not a plain path. */
function pageRequestOf(req: IncomingMessage): PageRequest | null {
  const target = req.url ?? '';
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(`http://front-door${target}`);
  } catch {
    return null;
  }
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (name && !cookies.has(name)) cookies.set(name, at < 0 ? '' : part.slice(at + 1).trim());
  }
  return {
    method: req.method ?? '',
    url,
    hasHeader: (name) => req.headers[name] !== undefined,
    cookieNames: [...cookies.keys()],
    cookie: (name) => cookies.get(name),
  };
}

/** Takes the request (returns true) for a cacheable page; `toNext` hands it back when the cache has no copy to send. */
export const servePageBeforeNext: FrontDoor = (req, res, toNext) => {
  if (req.method !== 'GET' || !pageCacheServes()) return false; // every API call passes here: the cheap tests first
  const request = pageRequestOf(req);
  if (request && !isDocumentRequest(request)) req.headers[ROUTER_REQUEST_HEADER] = '1'; // for proxy.ts
  if (!request || !isCacheablePage(request) || badPageRequest(request.url)) return false;
  void answer(req, res, request, toNext)
    .catch(() => {
      if (!res.headersSent) return false; // Next answers it after all
      res.destroy(); // cut short mid-answer: the client sees a broken transfer, not a wrong page
      return true;
    })
    .then((answered) => {
      if (!answered) toNext();
    });
  return true;
};

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  request: PageRequest,
  toNext: () => void,
): Promise<boolean> {
  const visitor = await visitorSession(request);
  const key = pageKey(request.url);
  if (isSearchWithWords(req.url ?? '') && pageCache().peek(key) === undefined && !keepSearchPage(key)) {
    if (visitor?.setCookie) res.setHeader('set-cookie', visitor.setCookie);
    await renderedForOne(req, res, toNext);
    return true;
  }
  const fresh = { nonce: newNonce(), requestId: newRequestId() };
  const page = await cachedPage(request.url, fresh, visitor);
  if (!page) {
    // Next renders it; the session was extended just now, so Next's proxy would not send the cookie.
    if (visitor?.setCookie) res.setHeader('set-cookie', visitor.setCookie);
    return false;
  }
  if (new Negotiator(req).encodings(['gzip']).length) {
    // Accept-Encoding read as HTTP means it: `gzip;q=0` refuses gzip.
    const body = gzipOf(page.pieces); // put together from the page's pieces deflated once
    page.headers.set('content-encoding', 'gzip');
    page.headers.set('content-length', String(body.length));
    res.writeHead(page.status, Object.fromEntries(page.headers));
    res.end(body);
    return true;
  }
  page.headers.set('content-length', String(page.length));
  res.writeHead(page.status, Object.fromEntries(page.headers));
  res.cork(); // the pieces leave in one write
  for (const chunk of chunksOf(page)) res.write(chunk);
  res.end();
  return true;
}

/**
 * Hands a page to Next to render for this one visitor (not kept), watched as a render (PAGE_RENDER_HEADER)
 * so that a page marking itself busy is answered 503, in a render turn as a new search page rendered for
 * the cache takes one. Never throws: the request is Next's once handed over.
 */
async function renderedForOne(req: IncomingMessage, res: ServerResponse, toNext: () => void): Promise<void> {
  const render: PageRender = { tags: new Set(), nonce: newNonce(), requestId: newRequestId() };
  const registered = startPageRender(render);
  req.headers[PAGE_RENDER_HEADER] = registered.id;
  answerWithRenderStatus(res, render);
  const answered = new Promise<void>((resolve) => res.once('close', resolve));
  let handed = false;
  const hand = () => {
    handed = true;
    toNext();
    return answered;
  };
  try {
    await searchPageRenders().run(hand);
  } catch {
    if (!handed) await hand(); // no turn within the wait: Next renders it anyway, as any page it renders
  } finally {
    registered.done();
  }
}

/** Answers the status a page marked its render with (markRenderStatus) in place of a 200, with Retry-After for a 503. */
function answerWithRenderStatus(res: ServerResponse, render: PageRender): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status !== 200 || !render.status) return writeHead(status, ...rest);
    if (render.status === 503) res.setHeader('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    return writeHead(render.status, ...rest.filter((arg) => typeof arg !== 'string')); // not the 200's reason phrase
  }) as ServerResponse['writeHead'];
}

/** Makes the preload's hook call the front door (a server started without the preload just goes through Next's proxy). */
export function installPageFrontDoor(): void {
  (globalThis as Record<symbol, unknown>)[FRONT_DOOR] = servePageBeforeNext;
}
