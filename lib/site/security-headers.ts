// The per-request security headers of the HTML pages (set by proxy.ts): a nonce-based Content
// Security Policy, and Strict-Transport-Security when the site is served over https (APP_URL).

/** A fresh, unguessable nonce for one response (128 bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Scripts run only with this response's nonce ('strict-dynamic' lets those load Next's chunks);
 * everything else comes from this origin, except images (product logos live on makers' sites).
 * Styles stay 'unsafe-inline': React style attributes and the API reference's runtime styles need it.
 */
export function contentSecurityPolicy(nonce: string, opts: { https: boolean; dev: boolean }): string {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    // An http site (a local one) also shows http images: logos crawled from http sites, photos
    // stored under APP_URL while the site is opened at 127.0.0.1. An https site upgrades them.
    `img-src 'self' data: blob: https:${opts.https ? '' : ' http:'}`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(opts.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Two years, subdomains included, as browsers' preload lists expect. */
export const HSTS = 'max-age=63072000; includeSubDomains';

export const siteIsHttps = () => (process.env.APP_URL || process.env.AUTH_URL || '').startsWith('https://');
