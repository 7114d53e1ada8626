// The visitor journey in Chromium: home → search → product page → sign in → vote → follow → the
// leaderboard shows the vote. Screenshots of the public pages at phone and desktop widths.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './support/sign-in';

const shots = process.env.E2E_SCREENSHOTS_DIR || 'test-results/visitor';

test.beforeAll(() => {
  fs.mkdirSync(shots, { recursive: true });
});

async function snap(page: Page, name: string) {
  for (const width of [1280, 1024, 768, 390, 320]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    // Nothing may stick out sideways on a phone or a tablet, and every section of the header shows on one row.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const nav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
    await expect(nav).toHaveCount(1);
    expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const board = (page: Page) => page.getByRole('list', { name: /^Leaderboard \d{4}-W\d{2}$/ });
const rowOf = (list: Locator, name: string) =>
  list.getByRole('listitem').filter({ has: list.page().getByRole('link', { name, exact: true }) });

async function weekVotesOf(page: Page, name: string): Promise<number> {
  const row = rowOf(board(page), name);
  if ((await row.count()) === 0) return 0;
  return Number(await row.locator('[title$="votes this week"] span.font-semibold').textContent());
}

test('a visitor finds a product, signs in, votes, follows, and sees the vote on the leaderboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The product this test votes for: this week's leader, so it is on the first leaderboard page.
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Leaderboard/ })).toBeVisible();
  const hasRows = (await board(page).count()) > 0;
  const name = hasRows
    ? ((await board(page).getByRole('listitem').first().getByRole('link').first().textContent()) ?? '').trim()
    : 'Querybird';
  expect(name).not.toBe('');
  const before = await weekVotesOf(page, name);

  // Home
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'The best new products, voted by makers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top this week' })).toBeVisible();
  await snap(page, 'home');

  // Search
  await page.getByRole('link', { name: 'Browse products' }).click();
  await expect(page).toHaveURL(/\/search/);
  const box = page.getByRole('search').getByRole('searchbox', { name: 'Search', exact: true });
  await box.fill(name);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`));
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name, exact: true })).toBeVisible();
  await snap(page, 'search');

  // Product page, signed out: the counts show, voting asks to sign in
  await results.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const productPath = new URL(page.url()).pathname;
  expect(productPath).toMatch(/^\/p\/[a-z0-9-]+$/);
  const votesBefore = Number(await page.getByTestId('vote-count').textContent());
  await snap(page, 'product');

  // Sign in and come back
  await signIn(page, uniqueEmail('visitor'), productPath);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const vote = page.getByTestId('vote-button');
  await expect(vote).toHaveAttribute('aria-pressed', 'false');

  // Vote: the count goes up by one, and stays up after a reload
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('vote-count')).toHaveText(String(votesBefore + 1));
  await expect(vote).toBeEnabled();

  // Follow
  const follow = page.getByTestId('follow-button');
  const followersBefore = Number(await page.getByTestId('follow-count').textContent());
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('follow-count')).toHaveText(String(followersBefore + 1));
  await expect(follow).toBeEnabled();

  // Away by the site's own link and Back: the router shows the page as it kept it, from before the
  // presses; the buttons still show them.
  await page.getByRole('navigation').getByRole('link', { name: 'Leaderboard' }).first().click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('vote-count')).toHaveText(String(votesBefore + 1));
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('vote-count')).toHaveText(String(votesBefore + 1));
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
  await snap(page, 'product-voted');

  // The leaderboard of this week shows the listing with the new vote
  await page.goto('/leaderboard');
  await expect(rowOf(board(page), name)).toBeVisible();
  expect(await weekVotesOf(page, name)).toBe(before + 1);
  await snap(page, 'leaderboard');
});

test('a misspelt search shows the corrected results and offers the words as typed', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByRole('search').getByRole('searchbox', { name: 'Search', exact: true });
  await box.fill('ledgrly');
  await box.press('Enter');
  const note = page.getByTestId('search-correction');
  await expect(note).toHaveText('Showing results for ledgerly — search instead for ledgrly');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Ledgerly', exact: true }),
  ).toBeVisible();
  await snap(page, 'search-corrected');
  // The link searches the words exactly as typed: nothing matches, and nothing is corrected.
  await note.getByRole('link', { name: 'ledgrly' }).click();
  await expect(page).toHaveURL(/[?&]exact=1/);
  await expect(page.getByText('No products match')).toBeVisible();
  await expect(page.getByTestId('search-correction')).toHaveCount(0);
});

test("a search for a category's name leads to the whole category", async ({ page }) => {
  await page.goto('/categories');
  const count = Number(
    /(\d+)/.exec((await page.getByRole('link', { name: /^AI\b/ }).first().textContent()) ?? '')?.[1],
  );
  expect(count).toBeGreaterThan(0);
  await page.goto('/search?q=ai');
  const link = page.getByTestId('search-category').getByRole('link');
  await expect(link).toHaveText(`All ${count} products in AI →`);
  await link.click();
  await expect(page).toHaveURL(/\/c\/ai$/);
  // One word of a category's name is kept as typed (not "corrected" into another word) and leads there.
  await page.goto('/search?q=sales');
  await expect(page.getByTestId('search-correction')).toHaveCount(0);
  await expect(page.getByTestId('search-category').getByRole('link')).toHaveText(
    /^All \d+ products? in Sales & Support →$/,
  );
  // Nothing in the listings' text: the empty list says where the category's products are, not "fewer words".
  await page.goto('/search?q=developer%20tools');
  await expect(page.getByTestId('search-category').getByRole('link')).toHaveText(
    /^All \d+ products? in Developer Tools →$/,
  );
  await expect(page.getByText('the Developer Tools link above lists that category')).toBeVisible();
  // Other words, or a search already in a category, get no such link.
  for (const path of ['/search?q=ledger', '/search?q=ai&category=finance']) {
    await page.goto(path);
    await expect(page.getByTestId('search-category'), path).toHaveCount(0);
  }
});

test('feeds, sitemap, robots and the share image answer over HTTP with the right types', async ({ page, request }) => {
  for (const path of ['/feeds/launches.xml', '/feeds/updates.xml']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/rss+xml');
    const xml = await res.text();
    expect(xml).toMatch(/<rss version="2\.0"/);
    expect(xml).toMatch(
      /<channel>[\s\S]*<title>[^<]+<\/title>[\s\S]*<link>http[^<]+<\/link>[\s\S]*<description>[^<]+<\/description>/,
    );
  }
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(locs).toContain('/leaderboard');
  const products = locs.filter((p) => p.startsWith('/p/'));
  expect(products.length).toBeGreaterThan(0);
  // every listing in the sitemap has a public page
  expect((await request.get(products[0])).status()).toBe(200);
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: http[^\n]+\/sitemap\.xml/);

  await page.goto(products[0]);
  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  const image = await request.get(og!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});

test('a leaderboard page past the last one says so, not that nobody voted', async ({ page }) => {
  await page.goto('/leaderboard');
  await expect(page.getByRole('list', { name: /^Leaderboard / })).toBeVisible();
  await page.goto('/leaderboard?page=99');
  await expect(page.getByText('This page is past the last one.')).toBeVisible();
  await expect(page.getByText(/No votes were cast/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: '← Back to page 1' })).toBeVisible();
});

test('a search with no letter or digit lists every product and says why', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('😀')}`);
  await expect(page.getByTestId('search-no-words')).toHaveText(
    '“😀” has no letter or digit to search for, so every product is listed.',
  );
  await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search' })).toHaveValue('😀');
  await page.goto('/search?q=ledger');
  await expect(page.getByTestId('search-no-words')).toHaveCount(0);
});

test('Back to an earlier search shows that search in the form, not what was typed before leaving', async ({ page }) => {
  await page.goto('/search?q=ledger');
  const form = page.getByRole('search', { name: 'Products' });
  const box = form.getByRole('searchbox', { name: 'Search', exact: true });
  await expect(box).toHaveValue('ledger');
  await box.fill('budget');
  await form.getByLabel('Category').selectOption({ label: 'Finance' });
  await box.press('Enter');
  await expect(page).toHaveURL(/q=budget/);
  await page.goBack();
  await expect(page).toHaveURL(/q=ledger/);
  await expect(box).toHaveValue('ledger');
  await expect(form.getByLabel('Category')).toHaveValue('');
  await page.goForward();
  await expect(box).toHaveValue('budget');
});
