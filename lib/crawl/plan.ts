// Which pages of a site are worth reading: at most 20 same-site pages, chosen by value.
export const MAX_PAGES = 20;

export type PageKind = 'home' | 'about' | 'pricing' | 'faq' | 'team' | 'contact' | 'blog' | 'other';

const KINDS: [PageKind, RegExp, number][] = [
  ['about', /\/(about|about-us|company|our-story|story|mission|who-we-are|ueber-uns|uber-uns|unternehmen)(\/|$)/, 100],
  ['pricing', /\/(pricing|plans|prices|price|buy|preise)(\/|$)/, 95],
  ['faq', /\/(faq|faqs|questions|help\/faq|support\/faq|haeufige-fragen)(\/|$)/, 90],
  ['team', /\/(team|people|founders|leadership|our-team)(\/|$)/, 88],
  ['contact', /\/(contact|contact-us|support|kontakt)(\/|$)/, 70],
  ['blog', /\/(blog|news|changelog|updates|press)\/?$/, 60],
];

const SKIP_EXT = /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|mp4|mp3|webm|css|js|json|xml|txt|woff2?|ttf|dmg|exe)$/i;
const SKIP_PATH =
  /\/(login|signin|sign-in|signup|sign-up|register|logout|cart|checkout|account|wp-admin|cdn-cgi|legal|terms|privacy|cookies?)(\/|$)/i;

export function kindOf(url: string): PageKind {
  const path = new URL(url).pathname.toLowerCase();
  if (path === '/' || path === '') return 'home';
  return KINDS.find(([, re]) => re.test(path))?.[0] ?? 'other';
}

const siteHost = (host: string) => host.toLowerCase().replace(/^www\./, '');
export const sameSite = (a: string, b: string) =>
  siteHost(new URL(a).hostname) === siteHost(new URL(b).hostname) && new URL(a).port === new URL(b).port;

/** Canonical form used to deduplicate pages: no hash, no query, no trailing slash. */
export function pageKey(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '') || '/'}`;
}

function score(url: string): number {
  const kind = kindOf(url);
  const depth = new URL(url).pathname.split('/').filter(Boolean).length;
  const base = KINDS.find(([k]) => k === kind)?.[2] ?? 10;
  return base - depth * 2;
}

/** Picks up to `budget` same-site pages from links, best first, one per canonical address. */
export function planPages(home: string, links: string[], budget = MAX_PAGES - 1): { url: string; kind: PageKind }[] {
  const seen = new Set([pageKey(home)]);
  const candidates: string[] = [];
  for (const href of links) {
    if (!/^https?:/.test(href) || !sameSite(href, home)) continue;
    const key = pageKey(href);
    const path = new URL(key).pathname;
    if (seen.has(key) || SKIP_EXT.test(path) || SKIP_PATH.test(path)) continue;
    seen.add(key);
    candidates.push(key);
  }
  return candidates
    .map((url, i) => ({ url, kind: kindOf(url), s: score(url), i }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, budget)
    .map(({ url, kind }) => ({ url, kind }));
}
