// Reads a site for a draft: robots.txt first, then the home page, then the most valuable linked
// pages a few at a time. A page robots.txt disallows is never requested. All pages of a draft
// share one byte budget (byte-budget.ts); once it is spent the remaining pages are skipped.
import * as cheerio from 'cheerio';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { draftPages, drafts } from '@/db/schema';
import type { FailureReason } from '@/lib/drafts/types';
import { guardedFetch, GuardedFetchError, HTML_TYPES, isGuardedFetchError } from '@/lib/net/guarded-fetch';
import { ByteBudget, draftByteBudget, PAGE_MAX_BYTES } from './byte-budget';
import { kindOf, pageKey, planPages, sameSite } from './plan';
import { getRobots, type Robots } from './robots';

export const CRAWL_CONCURRENCY = 4;

export type CrawlResult = { ok: true; pages: number } | { ok: false; reason: FailureReason; message: string };

const fail = (reason: FailureReason, message: string): CrawlResult => ({ ok: false, reason, message });

export type RobotsFor = (url: string) => Promise<Robots>;
export class Disallowed extends Error {}
export class OffSite extends Error {}

/** Fetches a page, following redirects itself so that robots.txt is checked before every hop (also the badge check's reader). */
export async function fetchPage(url: string, robotsFor: RobotsFor, stayOn: string | undefined, maxBytes: number) {
  let current = url;
  let bytes = 0;
  for (let hop = 0; ; hop++) {
    if (stayOn && !sameSite(current, stayOn)) throw new OffSite(current);
    const robots = await robotsFor(current);
    // An origin whose robots.txt cannot be read at all fails like the fetch itself would.
    if (robots.failure && robots.failure !== 'server_error')
      throw new GuardedFetchError(robots.failure, 'The site could not be read.', current);
    if (!robots.isAllowed(current)) throw new Disallowed(current);
    if (bytes >= maxBytes) throw new GuardedFetchError('too_large', 'The byte budget of this draft is spent.', current);
    const res = await guardedFetch(current, {
      allowedContentTypes: HTML_TYPES,
      accept: 'text/html,application/xhtml+xml',
      timeoutMs: Number(process.env.CRAWLER_PAGE_TIMEOUT_MS) || 15_000,
      maxRedirects: 0,
      maxBytes: maxBytes - bytes,
    });
    bytes += res.body.length;
    const location = res.status >= 300 && res.status < 400 ? res.headers.location : undefined;
    if (!location) return { ...res, url: current, bytes };
    if (hop >= 5) throw new GuardedFetchError('too_many_redirects', 'More than 5 redirects.', current);
    current = new URL(location, current).toString();
  }
}

function linksOf(html: string, base: string): string[] {
  const $ = cheerio.load(html);
  return $('a[href]')
    .map((_, el) => {
      try {
        return new URL($(el).attr('href') ?? '', base).toString();
      } catch {
        return null;
      }
    })
    .get()
    .filter((x): x is string => !!x);
}

async function savePage(
  db: DbOrTx,
  draftId: string,
  p: { url: string; kind: string; status: string; html?: string; error?: string; position: number },
) {
  await db
    .insert(draftPages)
    .values({
      draftId,
      url: p.url,
      kind: p.kind,
      status: p.status,
      html: p.html ?? null,
      error: p.error ?? null,
      position: p.position,
    })
    .onConflictDoNothing();
}

/**
 * Crawls a draft's site. Each page is saved as soon as it is read, so a crawl interrupted by a crash
 * resumes (docs/decisions.md#usability-and-robustness): a stored home page is not fetched again, nor any planned page already saved.
 */
export async function crawlSite(db: DbOrTx, draftId: string, startUrl: string): Promise<CrawlResult> {
  const saved = await db
    .select({ url: draftPages.url, status: draftPages.status, html: draftPages.html, position: draftPages.position })
    .from(draftPages)
    .where(eq(draftPages.draftId, draftId));
  const savedHome = saved.find((p) => p.position === 0 && p.status === 'fetched' && p.html !== null);
  if (!savedHome && saved.length) await db.delete(draftPages).where(eq(draftPages.draftId, draftId));
  const done = new Set(savedHome ? saved.map((p) => p.position) : []);
  await db.update(drafts).set({ phase: 'robots', pagesFetched: 0, pagesPlanned: 1 }).where(eq(drafts.id, draftId));
  const origin = new URL(startUrl).origin;
  const robots = await getRobots(db, origin);
  if (robots.verdict === 'disallow_all') {
    if (robots.failure === 'server_error')
      return fail('robots_disallowed', 'The site answered robots.txt with a server error, so it may not be read.');
    if (robots.failure === 'blocked_address') return fail('blocked_address', 'The site is not on the public internet.');
    if (robots.failure === 'timeout') return fail('timeout', 'The site took too long to answer.');
    return fail('unreachable', 'The site could not be reached.');
  }
  if (!robots.isAllowed(startUrl))
    return fail('robots_disallowed', "The site's robots.txt does not allow reading this page.");
  // A redirect to another origin (e.g. www.) is read under that origin's robots.txt.
  const perOrigin = new Map<string, Promise<Robots>>([[origin, Promise.resolve(robots)]]);
  const robotsFor: RobotsFor = (url) => {
    const o = new URL(url).origin;
    if (!perOrigin.has(o)) perOrigin.set(o, getRobots(db, o));
    return perOrigin.get(o)!;
  };

  await db.update(drafts).set({ phase: 'fetching' }).where(eq(drafts.id, draftId));
  const total = draftByteBudget();
  const budget = new ByteBudget(total, Math.min(PAGE_MAX_BYTES, Math.floor(total / CRAWL_CONCURRENCY)));
  /** What a failed fetch cost: a page refused as too large was read up to its cap. */
  const spent = (err: unknown, cap: number) => (isGuardedFetchError(err) && err.reason === 'too_large' ? cap : 0);
  // A resumed crawl already read its saved pages: they count against the budget.
  for (const p of savedHome ? saved : []) if (p.html) budget.settle(await budget.reserve(p.html.length), p.html.length);
  let homeUrl: string;
  let html: string;
  if (savedHome) {
    homeUrl = savedHome.url;
    html = savedHome.html!;
  } else {
    let home;
    const homeCap = await budget.reserve(PAGE_MAX_BYTES);
    try {
      home = await fetchPage(startUrl, robotsFor, undefined, homeCap);
    } catch (err) {
      budget.settle(homeCap, spent(err, homeCap));
      if (err instanceof Disallowed)
        return fail('robots_disallowed', "The site's robots.txt does not allow reading this page.");
      if (isGuardedFetchError(err))
        return fail(
          err.reason === 'too_many_redirects' || err.reason === 'bad_url' ? 'unreachable' : err.reason,
          err.message,
        );
      throw err;
    }
    budget.settle(homeCap, home.bytes);
    if (home.status >= 400) return fail('unreachable', `The site answered with HTTP ${home.status}.`);
    homeUrl = home.url;
    html = home.text();
    await savePage(db, draftId, { url: pageKey(homeUrl), kind: 'home', status: 'fetched', html, position: 0 });
  }

  const plan = planPages(homeUrl, linksOf(html, homeUrl));
  let fetched = 1 + plan.filter((_, i) => done.has(i + 1)).length;
  await db
    .update(drafts)
    .set({ pagesFetched: fetched, pagesPlanned: 1 + plan.length })
    .where(eq(drafts.id, draftId));
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const i = next++;
      const { url, kind } = plan[i];
      const position = i + 1;
      if (done.has(position)) continue;
      const cap = await budget.reserve();
      if (cap === 0)
        await savePage(db, draftId, { url, kind, status: 'skipped', error: 'byte budget spent', position });
      else {
        let res: Awaited<ReturnType<typeof fetchPage>> | undefined;
        try {
          res = await fetchPage(url, robotsFor, homeUrl, cap);
          budget.settle(cap, res.bytes);
        } catch (err) {
          budget.settle(cap, spent(err, cap));
          if (err instanceof Disallowed) await savePage(db, draftId, { url, kind, status: 'disallowed', position });
          else if (err instanceof OffSite)
            await savePage(db, draftId, { url, kind, status: 'skipped', error: 'redirects off the site', position });
          else if (isGuardedFetchError(err) && err.reason === 'too_large' && cap < budget.perFetch)
            await savePage(db, draftId, { url, kind, status: 'skipped', error: 'byte budget spent', position });
          else if (isGuardedFetchError(err))
            await savePage(db, draftId, { url, kind, status: 'failed', error: err.reason, position });
          else throw err;
        }
        if (res && res.status >= 400)
          await savePage(db, draftId, { url, kind, status: 'failed', error: `HTTP ${res.status}`, position });
        else if (res)
          await savePage(db, draftId, {
            url: pageKey(res.url) === pageKey(url) ? url : pageKey(res.url),
            kind: kindOf(res.url) === 'other' ? kind : kindOf(res.url),
            status: 'fetched',
            html: res.text(),
            position,
          });
      }
      fetched++;
      await db.update(drafts).set({ pagesFetched: fetched }).where(eq(drafts.id, draftId));
    }
  };
  await Promise.all(Array.from({ length: CRAWL_CONCURRENCY }, worker));
  return { ok: true, pages: fetched };
}
