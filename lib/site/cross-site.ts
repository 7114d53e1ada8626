// Whether a request was sent by another site's page (CSRF): the consent form, the site's form posts
// (proxy.ts) and the E2E clock refuse such requests. Browsers send Sec-Fetch-Site; without it (older
// browsers) the Origin must be one of ours. A request with neither comes from no browser page.
export function sentByAnotherSite(headers: Headers, ownOrigins: (string | null)[]): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = headers.get('origin');
  return origin !== null && !ownOrigins.includes(origin);
}
