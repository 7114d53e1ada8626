// Next 16 proxy (the former middleware): every HTML page gets a fresh CSP nonce. Next reads the nonce
// from the request's Content-Security-Policy header and puts it on its own scripts; the response
// carries the same policy. Over https (APP_URL) the response also carries Strict-Transport-Security.
// It also turns away what no page can serve (docs/decisions.md#usability-and-robustness): TRACE and other methods (405), a malformed
// percent-escape in the path (the 404 page), a NUL in the query (the 400 page), both in the site's layout.
// Public pages come from the page cache (lib/site/page-cache.ts), a signed-in visitor's with their account put in.
import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, HSTS, newNonce, siteIsHttps } from '@/lib/site/security-headers';
import { newRequestId, REQUEST_ID_HEADER } from '@/lib/site/request-id';
import { sentByAnotherSite } from '@/lib/site/cross-site';
import { PAGE_RENDER_HEADER, pageRenderOf } from '@/lib/cache/page-renders';
import {
  badPageRequest,
  cachedPage,
  chunksOf,
  isCacheablePage,
  isDocumentRequest,
  loopbackOrigin,
  nextPageRequest,
  pageCacheServes,
  visitorSession,
} from '@/lib/site/page-cache';

/** Pages answer GET and HEAD, and POST for server actions; TRACE and the rest are refused. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

/**
 * The 400 page with a 400 status: Next keeps a rewrite's status for the not-found page but not for
 * an ordinary page, so the page is read from this server (loopback, `npm start` sets PORT) and
 * answered with 400. If that read fails, the rewritten page still answers, with 200.
 */
async function badRequestPage(headers: Headers): Promise<NextResponse | null> {
  try {
    const page = await fetch(`${loopbackOrigin()}/bad-request`, {
      headers: { cookie: headers.get('cookie') ?? '' },
      signal: AbortSignal.timeout(5000),
    });
    if (!page.ok) return null;
    const out = new NextResponse(await page.text(), { status: 400 });
    for (const name of ['content-type', 'content-security-policy']) out.headers.set(name, page.headers.get(name) ?? '');
    return out;
  } catch {
    return null;
  }
}

/** Images served by route handlers with a stricter policy of their own, which the pages' policy would replace. */
const OWN_POLICY = /^\/(badges\/[^/]+|founders\/[^/]+\/photo)\/?$/;

export async function proxy(request: NextRequest) {
  if (!PAGE_METHODS.includes(request.method))
    return new NextResponse(null, { status: 405, headers: { allow: PAGE_METHODS.join(', ') } });
  if (OWN_POLICY.test(request.nextUrl.pathname)) return NextResponse.next();
  // A form post (a server action) sent by another site's page: Next refuses an Origin that is not this
  // host, but as a 500, and let through a browser naming the sender only in Sec-Fetch-Site.
  // Ours: the address the browser used (its Host, as Next's own check reads it) and APP_URL.
  const host = request.headers.get('host');
  const own = [
    request.nextUrl.origin,
    host ? `${request.nextUrl.protocol}//${host}` : null,
    process.env.APP_URL ? new URL(process.env.APP_URL).origin : null,
  ];
  if (request.method === 'POST' && sentByAnotherSite(request.headers, own))
    return new NextResponse('This form can only be sent from this site.', {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  // A render for the page cache carries the nonce and request id the cache replaces on each hit.
  const render = pageRenderOf(request.headers.get(PAGE_RENDER_HEADER));
  const nonce = render?.nonce ?? newNonce();
  const requestId = render?.requestId ?? newRequestId();
  const https = siteIsHttps();
  const policy = contentSecurityPolicy(nonce, { https, dev: process.env.NODE_ENV === 'development' });
  const bad = badPageRequest(request.nextUrl);
  const pageRequest = nextPageRequest(request);
  // The session is extended here (when due) for a page Next renders too: Auth.js, reading it in a server
  // component, moves its expiry on in the database but cannot set the cookie from there.
  const visitor = !bad && isDocumentRequest(pageRequest) ? await visitorSession(pageRequest) : null;
  if (!bad && pageCacheServes() && isCacheablePage(pageRequest)) {
    const page = await cachedPage(request.nextUrl, { nonce, requestId }, visitor);
    if (page) return new NextResponse(chunksOf(page).join(''), { status: page.status, headers: page.headers });
  }
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set(REQUEST_ID_HEADER, requestId); // shown by the 500 page, written in the log (instrumentation.ts)
  requestHeaders.set('content-security-policy', policy);
  if (bad?.status === 400) {
    const page = await badRequestPage(request.headers);
    if (page) return page;
  }
  const response = bad
    ? NextResponse.rewrite(new URL(bad.path, request.url), { status: bad.status, request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', policy);
  if (https) response.headers.set('strict-transport-security', HSTS);
  if (visitor?.setCookie) response.headers.append('set-cookie', visitor.setCookie);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not the API, MCP, OAuth endpoints (they set their own policy), feeds or assets.
      source:
        '/((?!api/|mcp|oauth/|\\.well-known/|feeds/|sitemap|robots\\.txt|llms\\.txt|_next/static|_next/image|favicon\\.ico|icon\\.svg).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
