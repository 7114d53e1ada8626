// Feeds are valid RSS 2.0, the sitemap lists live listings only, and listings that are not live
// (draft, awaiting_badge, scheduled, rejected) never show on any public list.
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { sites } from '@/db/schema';
import { weeklyLeaderboard } from '@/lib/leaderboards/weekly';
import { searchListings } from '@/lib/listings/search';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';
import { useTestDatabase } from '@/test/support/db';
import { latestLaunches, launchesRss, updatesRss } from './feeds';
import { comingSoonListing } from './coming-soon';
import { launchingInWeek, topThisWeek, upcomingLaunches } from './home';
import { getPublicListing } from './listing-page';
import { countLiveListings, liveListingUrls, urlset } from './sitemap';
import { HIDDEN_STATUSES, makeListing } from './test-listings';
import { latestUpdates } from './updates';

const { db } = await useTestDatabase();
const BASE = 'https://directory.test';
const token = `q${Date.now().toString(36)}`;
const week = isoWeekOf(new Date());
type Made = Awaited<ReturnType<typeof makeListing>>;
let live: Made;
const hidden: Made[] = [];

beforeAll(async () => {
  live = await makeListing(db, 'live', { token, week });
  for (const s of HIDDEN_STATUSES)
    hidden.push(
      await makeListing(db, s, { token, week: s === 'scheduled' || s === 'awaiting_badge' ? addWeeks(week, 2) : week }),
    );
});

function parseRss(xml: string) {
  expect(xml.startsWith('<?xml')).toBe(true);
  const $ = cheerio.load(xml, { xml: true });
  const rss = $('rss');
  expect(rss.length).toBe(1);
  expect(rss.attr('version')).toBe('2.0');
  const channel = rss.children('channel');
  expect(channel.length).toBe(1);
  for (const tag of ['title', 'link', 'description']) expect(channel.children(tag).first().text().trim()).not.toBe('');
  expect(channel.children('link').first().text()).toMatch(/^https:\/\/directory\.test/);
  const items = channel
    .children('item')
    .toArray()
    .map((el) => {
      const item = $(el);
      const pick = (t: string) => item.children(t).first().text().trim();
      return {
        title: pick('title'),
        link: pick('link'),
        guid: pick('guid'),
        pubDate: pick('pubDate'),
        description: pick('description'),
      };
    });
  for (const it of items) {
    expect(it.title).not.toBe('');
    expect(it.link).toMatch(/^https:\/\/directory\.test\//);
    expect(it.guid).not.toBe('');
    // RFC 822 date, as RSS 2.0 requires
    expect(it.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/);
    expect(Number.isNaN(Date.parse(it.pubDate))).toBe(false);
  }
  return items;
}

describe('RSS feeds', () => {
  it('the launches feed is RSS 2.0 with the live listing and none of the others', async () => {
    const items = parseRss(launchesRss(BASE, await latestLaunches(db, 200)));
    const mine = items.filter((i) => i.title.includes(token));
    expect(mine.map((i) => i.link)).toEqual([`${BASE}/p/${live.slug}`]);
    expect(mine[0].title).toContain(live.name);
    // special characters survive escaping
    expect(mine[0].description).toContain('&amp; &lt;friends&gt;'); // HTML-escaped: readers render descriptions as HTML
  });

  it('the updates feed is RSS 2.0 with updates of live listings only', async () => {
    const { items: updates } = await latestUpdates(db, { page: 1, per_page: 200 });
    const items = parseRss(updatesRss(BASE, updates));
    const mine = items.filter((i) => i.title.includes(token));
    expect(mine.map((i) => i.link)).toEqual([`${BASE}/p/${live.slug}#updates`]);
    expect(new Set(items.map((i) => i.guid)).size).toBe(items.length);
  });

  it('an empty feed is still a valid channel', () => {
    expect(parseRss(launchesRss(BASE, []))).toEqual([]);
  });
});

describe('sitemap', () => {
  it('lists live listings only, as a valid urlset', async () => {
    const urls = await liveListingUrls(db, 0);
    const slugs = urls.map((u) => u.slug);
    expect(slugs).toContain(live.slug);
    for (const h of hidden) expect(slugs).not.toContain(h.slug);
    expect(await countLiveListings(db)).toBe(urls.length);
    const $ = cheerio.load(urlset(urls.map((u) => ({ loc: `${BASE}/p/${u.slug}`, lastmod: u.updatedAt }))), {
      xml: true,
    });
    expect($('urlset').attr('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = $('url > loc')
      .toArray()
      .map((el) => $(el).text());
    expect(locs).toContain(`${BASE}/p/${live.slug}`);
    expect(locs.length).toBe(urls.length);
  });
});

describe('unpublished listings never appear in public', () => {
  const mineIn = (rows: { id: number }[]) =>
    rows.filter((r) => [live.id, ...hidden.map((h) => h.id)].includes(r.id)).map((r) => r.id);

  it('search (text, category filter, every sort)', async () => {
    for (const sort of ['relevance', 'votes', 'newest', 'name'] as const) {
      const { rows } = await searchListings(db, { q: `Zorblex ${token}`, sort, page: 1, per_page: 50 });
      expect(mineIn(rows)).toEqual([live.id]);
      const byCat = await searchListings(db, { category: live.categorySlug, sort, page: 1, per_page: 100 });
      for (const h of hidden) expect(byCat.rows.map((r) => r.id)).not.toContain(h.id);
    }
  });

  it('the weekly leaderboard, even though they hold votes', async () => {
    for (const w of [week, addWeeks(week, 2)]) {
      const { rows } = await weeklyLeaderboard(db, w, { page: 1, per_page: 100 });
      for (const h of hidden) expect(rows.map((r) => r.id)).not.toContain(h.id);
    }
    const { rows } = await weeklyLeaderboard(db, week, { page: 1, per_page: 100 });
    expect(rows.find((r) => r.id === live.id)?.weekVotes).toBe(1);
  });

  it('the home lists', async () => {
    expect(mineIn(await launchingInWeek(db, week, 100))).toEqual([live.id]);
    expect(mineIn(await topThisWeek(db, week, 100))).toEqual([live.id]);
    // upcoming launches show scheduled ones by name and headline only, never drafts or rejected ones
    const upcoming = (await upcomingLaunches(db, week, 100)).filter((u) => u.name.includes(token));
    expect(upcoming.map((u) => u.name).sort()).toEqual(
      hidden
        .filter((h) => /scheduled|awaiting_badge/.test(h.name))
        .map((h) => h.name)
        .sort(),
    );
    for (const u of upcoming) expect(Object.keys(u).sort()).toEqual(['headline', 'launchWeek', 'name', 'slug']);
  });

  it('the product page', async () => {
    const [{ id: siteId }] = await db.select({ id: sites.id }).from(sites).limit(1); // makeListing's site
    expect((await getPublicListing(db, { slug: live.slug }))?.id).toBe(live.id);
    for (const h of hidden) {
      expect(await getPublicListing(db, { slug: h.slug })).toBeNull();
      expect(await getPublicListing(db, { id: h.id })).toBeNull();
      // Until launch, an announced one shows a coming-soon card at its address (the badge links there).
      const soon = await comingSoonListing(db, siteId, h.slug);
      if (/scheduled|awaiting_badge/.test(h.name)) expect(soon).toMatchObject({ name: h.name, slug: h.slug });
      else expect(soon).toBeNull();
      // Another site's listing in the same database launches there: no card here.
      expect(await comingSoonListing(db, siteId + 1_000_000, h.slug)).toBeNull();
    }
    expect(await comingSoonListing(db, siteId, live.slug)).toBeNull();
  });
});
