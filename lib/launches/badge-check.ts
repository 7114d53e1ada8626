// Reads the owner's site for the badge (docs/decisions.md#launches): robots.txt first, the home page,
// then up to a few same-site pages, through the crawler's page reader (lib/crawl: robots.txt before
// every redirect hop, the guarded fetcher's address rules, size and time limits). A link to the
// listing page or the badge image counts.
import * as cheerio from 'cheerio';
import type { DbOrTx } from '@/db/client';
import { Disallowed, fetchPage, OffSite, type RobotsFor } from '@/lib/crawl/crawl';
import { pageKey, sameSite } from '@/lib/crawl/plan';
import { getRobots, type Robots } from '@/lib/crawl/robots';
import { isGuardedFetchError } from '@/lib/net/guarded-fetch';

/** What one check saw. found_* close the gate; the transient ones leave an earlier verdict standing. */
export const BADGE_RESULTS = [
  'found_link',
  'found_image',
  'not_found',
  'robots_disallowed',
  'http_error',
  'blocked_address',
  'unreachable',
  'timeout',
  'too_large',
] as const;
export type BadgeResult = (typeof BADGE_RESULTS)[number];
export const TRANSIENT_RESULTS: readonly BadgeResult[] = ['unreachable', 'timeout'];
export const isFound = (r: string | null): boolean => r === 'found_link' || r === 'found_image';

export const BADGE_RESULT_TEXT: Record<BadgeResult, string> = {
  found_link: 'Found a link to your listing page.',
  found_image: 'Found the badge image.',
  not_found: 'No link to your listing page or badge image was found on your home page or the pages it links to.',
  robots_disallowed: "Your site's robots.txt does not allow us to read the page.",
  http_error: 'Your site answered with an error.',
  blocked_address: 'Your site is not on the public internet.',
  unreachable: 'Your site could not be reached.',
  timeout: 'Your site took too long to answer.',
  too_large: 'The page is too large to read.',
};

/** Pages read besides the home page, at most, and no more once a check has taken this long. */
export const BADGE_EXTRA_PAGES = 3;
const CHECK_BUDGET_MS = 25_000;
const PAGE_BYTES = 2 * 1024 * 1024;
const LIKELY = /(press|featured|as-seen|badge|award|launch|about|partner|media|community)/i;
const SKIP =
  /\.(pdf|jpe?g|png|gif|webp|svg|ico|zip|gz|mp4|mp3|webm|css|js|json|xml|txt|woff2?|ttf)$|\/(login|signin|sign-in|signup|sign-up|register|logout|cart|checkout|account)(\/|$)/i;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const hostKey = (hostname: string) => {
  const h = hostname.toLowerCase().replace(/^www\./, '');
  return LOOPBACK.has(h) ? 'loopback' : h;
};

function resolve(href: string | undefined, base: string): URL | null {
  if (!href) return null;
  try {
    return new URL(href.trim(), base);
  } catch {
    return null;
  }
}

/** Where on `html` (read from `pageUrl`) a link to the listing page or the badge image is, if any. */
export function badgeMatch(
  html: string,
  pageUrl: string,
  target: { slug: string; baseUrls: string[] },
): 'link' | 'image' | null {
  const hosts = new Set(target.baseUrls.map((u) => hostKey(new URL(u).hostname)));
  const ours = (u: URL | null) => u !== null && /^https?:$/.test(u.protocol) && hosts.has(hostKey(u.hostname));
  const path = (u: URL) => {
    try {
      return decodeURIComponent(u.pathname).replace(/\/+$/, '');
    } catch {
      return u.pathname;
    }
  };
  const $ = cheerio.load(html);
  const page = `/p/${target.slug}`;
  for (const el of $('a[href], area[href]').toArray()) {
    const u = resolve($(el).attr('href'), pageUrl);
    if (ours(u) && path(u!) === page) return 'link';
  }
  const images = new Set([`/badges/${target.slug}.svg`, `/badges/${target.slug}`]);
  const sources = [
    ...$('img[src], object[data], embed[src]')
      .toArray()
      .map((el) => $(el).attr('src') ?? $(el).attr('data')),
    ...$('img[srcset], source[srcset]')
      .toArray()
      .flatMap((el) => ($(el).attr('srcset') ?? '').split(',').map((part) => part.trim().split(/\s+/)[0])),
  ];
  for (const src of sources) {
    const u = resolve(src, pageUrl);
    if (ours(u) && images.has(path(u!))) return 'image';
  }
  return null;
}

/** Same-site pages linked from the home page, likeliest badge places first. */
export function pagesToRead(homeUrl: string, html: string, max = BADGE_EXTRA_PAGES): string[] {
  const $ = cheerio.load(html);
  const seen = new Set([pageKey(homeUrl)]);
  const found: string[] = [];
  for (const el of $('a[href]').toArray()) {
    const u = resolve($(el).attr('href'), homeUrl);
    if (!u || !/^https?:$/.test(u.protocol) || !sameSite(u.toString(), homeUrl)) continue;
    const key = pageKey(u.toString());
    if (seen.has(key) || SKIP.test(new URL(key).pathname)) continue;
    seen.add(key);
    found.push(key);
  }
  const likely = found.filter((u) => LIKELY.test(new URL(u).pathname));
  return [...likely, ...found.filter((u) => !likely.includes(u))].slice(0, max);
}

export type BadgeCheck = { result: BadgeResult; foundOn: string | null; pagesRead: string[] };

/** Reads the owner's site and says whether the badge (or a link to the listing page) is on it. */
export async function checkBadgeOnSite(
  db: DbOrTx,
  opts: { siteUrl: string; slug: string; baseUrls: string[]; now: Date },
): Promise<BadgeCheck> {
  const target = { slug: opts.slug, baseUrls: opts.baseUrls };
  const pagesRead: string[] = [];
  const perOrigin = new Map<string, Promise<Robots>>();
  const robotsFor: RobotsFor = (url) => {
    const o = new URL(url).origin;
    if (!perOrigin.has(o)) perOrigin.set(o, getRobots(db, o, opts.now));
    return perOrigin.get(o)!;
  };
  const failed = (result: BadgeResult): BadgeCheck => ({ result, foundOn: null, pagesRead });

  let home: Awaited<ReturnType<typeof fetchPage>>;
  try {
    const robots = await robotsFor(opts.siteUrl);
    if (robots.verdict === 'disallow_all') {
      if (robots.failure === 'server_error') return failed('robots_disallowed');
      if (robots.failure === 'blocked_address' || robots.failure === 'timeout') return failed(robots.failure);
      return failed('unreachable');
    }
    home = await fetchPage(opts.siteUrl, robotsFor, undefined, PAGE_BYTES);
  } catch (err) {
    if (err instanceof Disallowed) return failed('robots_disallowed');
    if (isGuardedFetchError(err)) {
      const r = err.reason;
      return failed(r === 'blocked_address' || r === 'timeout' || r === 'too_large' ? r : 'unreachable');
    }
    throw err;
  }
  pagesRead.push(home.url);
  if (home.status >= 400) return failed('http_error');
  const homeHtml = home.text();
  const onHome = badgeMatch(homeHtml, home.url, target);
  if (onHome) return { result: onHome === 'link' ? 'found_link' : 'found_image', foundOn: home.url, pagesRead };

  const deadline = Date.now() + CHECK_BUDGET_MS;
  for (const url of pagesToRead(home.url, homeHtml)) {
    if (Date.now() > deadline) break; // "Check now" waits for this: a slow site gets its home page read
    try {
      const page = await fetchPage(url, robotsFor, home.url, PAGE_BYTES);
      pagesRead.push(page.url);
      if (page.status >= 400) continue;
      const match = badgeMatch(page.text(), page.url, target);
      if (match) return { result: match === 'link' ? 'found_link' : 'found_image', foundOn: page.url, pagesRead };
    } catch (err) {
      // A page robots.txt disallows is not read; one that fails or leaves the site is skipped.
      if (err instanceof Disallowed || err instanceof OffSite || isGuardedFetchError(err)) continue;
      throw err;
    }
  }
  return failed('not_found');
}
