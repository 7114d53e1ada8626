// Next 16 proxy (the former middleware): every HTML page gets a fresh CSP nonce. Next reads the nonce
// from the request's Content-Security-Policy header and puts it on its own scripts; the response
// carries the same policy. Over https (APP_URL) the response also carries Strict-Transport-Security.
// It also turns away what no page can serve (docs/decisions.md#usability-and-robustness): TRACE and other methods (405), a malformed
// percent-escape in the path (the 404 page), a NUL in the query (the 400 page), both in the site's layout.
import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, HSTS, newNonce, siteIsHttps } from '@/lib/site/security-headers';
import { pathDecodes } from '@/lib/input/path';
import { stringProblem } from '@/lib/input/strings';
import { newRequestId, REQUEST_ID_HEADER } from '@/lib/site/request-id';

/** Pages answer GET and HEAD, and POST for server actions; TRACE and the rest are refused. */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

/** Where a bad page request is rewritten: the 404 page for a path that does not decode, the 400 page for a NUL in the query. */
function badPageRequest(url: URL): { path: string; status: number } | null {
  if (!pathDecodes(url.pathname)) return { path: '/_not-found-malformed-path', status: 404 };
  for (const [key, value] of url.searchParams)
    if (stringProblem(key) ?? stringProblem(value)) return { path: '/bad-request', status: 400 };
  return null;
}

export function proxy(request: NextRequest) {
  if (!PAGE_METHODS.includes(request.method))
    return new NextResponse(null, { status: 405, headers: { allow: PAGE_METHODS.join(', ') } });
  const nonce = newNonce();
  const https = siteIsHttps();
  const policy = contentSecurityPolicy(nonce, { https, dev: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set(REQUEST_ID_HEADER, newRequestId()); // shown by the 500 page, written in the log (instrumentation.ts)
  requestHeaders.set('content-security-policy', policy);
  const bad = badPageRequest(request.nextUrl);
  const response = bad
    ? NextResponse.rewrite(new URL(bad.path, request.url), { status: bad.status, request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', policy);
  if (https) response.headers.set('strict-transport-security', HSTS);
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
