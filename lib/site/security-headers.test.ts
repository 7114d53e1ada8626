// The page proxy (proxy.ts): a fresh nonce-based CSP with script-src on every page, handed to Next
// on the request so its scripts carry the nonce, and HSTS only when APP_URL is https (docs/security.md).
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { config, proxy } from '@/proxy';

const before = process.env.APP_URL;
afterEach(() => {
  if (before === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = before;
});

const run = () => proxy(new NextRequest('http://localhost:3000/p/acme'));
const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

describe('page security headers', () => {
  it('set a CSP whose script-src needs this response’s nonce, and pass it to Next on the request', async () => {
    const res = await run();
    const csp = res.headers.get('content-security-policy')!;
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    for (const d of [
      "default-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ])
      expect(csp).toContain(d);
    // NextResponse.next({ request: { headers } }) forwards request headers as x-middleware-request-*.
    expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(res.headers.get('x-middleware-request-x-nonce')).toBe(nonceOf(csp));
    expect(nonceOf((await run()).headers.get('content-security-policy')!)).not.toBe(nonceOf(csp));
  });

  it('send Strict-Transport-Security only when APP_URL is https', async () => {
    process.env.APP_URL = 'http://localhost:3000';
    expect((await run()).headers.get('strict-transport-security')).toBeNull();
    expect((await run()).headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    process.env.APP_URL = 'https://directory.example';
    expect((await run()).headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect((await run()).headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('leave the API, MCP, OAuth endpoints, feeds and static files alone', () => {
    const re = new RegExp(`^${config.matcher[0].source}$`);
    for (const path of ['/', '/p/acme', '/docs/api', '/signin', '/account/connected-apps', '/oauthx'])
      expect(re.test(path), path).toBe(true);
    for (const path of [
      '/api/v1/me',
      '/mcp',
      '/oauth/authorize',
      '/.well-known/oauth-authorization-server',
      '/feeds/launches.xml',
      '/_next/static/x.js',
      '/sitemap.xml',
      '/robots.txt',
    ])
      expect(re.test(path), path).toBe(false);
  });
});
