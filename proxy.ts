// Next 16 proxy (the former middleware): every HTML page gets a fresh CSP nonce. Next reads the nonce
// from the request's Content-Security-Policy header and puts it on its own scripts; the response
// carries the same policy. Over https (APP_URL) the response also carries Strict-Transport-Security.
import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, HSTS, newNonce, siteIsHttps } from '@/lib/site/security-headers';

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const https = siteIsHttps();
  const policy = contentSecurityPolicy(nonce, { https, dev: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', policy);
  if (https) response.headers.set('strict-transport-security', HSTS);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not the API, MCP, OAuth endpoints (they set their own policy), feeds or assets.
      source: '/((?!api/|mcp|oauth/|\\.well-known/|feeds/|sitemap|robots\\.txt|llms\\.txt|_next/static|_next/image|favicon\\.ico|icon\\.svg).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
