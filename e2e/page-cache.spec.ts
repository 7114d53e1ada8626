// The page cache (lib/site/page-cache.ts) from outside: a visitor without a session gets the public
// pages from it, each answer with its own CSP nonce (the one its scripts carry) and working scripts;
// a signed-in person gets them too, with their account in the header, but for a product page (their
// own vote and follow); a vote shows to visitors within a second. A search with words is kept from its
// second ask: its first is Next's render for that visitor, with the same nonce rules.
import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './support/sign-in';

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

test('visitors get cached pages with a fresh nonce each; signed-in pages are rendered for the person', async ({
  page,
  request,
}) => {
  const seen = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const res = await request.get('/leaderboard');
    expect(res.status()).toBe(200);
    expect(res.headers()['x-page-cache']).toBe('hit');
    const nonce = nonceOf(res.headers()['content-security-policy']);
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const scriptNonces = new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
    expect([...scriptNonces]).toEqual([nonce]); // every script carries this answer's nonce, and only it
    seen.add(nonce!);
  }
  expect(seen.size).toBe(3);

  // In a browser the cached page runs its scripts (no CSP refusal) and navigates client-side.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });
  await page.goto('/');
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(refused).toEqual([]);
  // A client navigation, not a reload: the router's request got router data, not the cached HTML page.
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(documents).toHaveLength(1);

  // Signed in: the product page is the person's own render, and their vote reaches visitors' cached pages.
  await signIn(page, uniqueEmail('page-cache'), '/');
  const link = page.getByRole('list', { name: 'Top this week' }).getByRole('link').first();
  const slug = (await link.getAttribute('href'))!.replace('/p/', '');
  const before = async () =>
    Number(
      /data-testid="vote-count" aria-label="(\d+) votes"/.exec(await (await request.get(`/p/${slug}`)).text())?.[1],
    );
  const visitorCount = await before();
  const own = await page.goto(`/p/${slug}`);
  expect(own?.headers()['x-page-cache']).toBeUndefined();
  const button = page.getByTestId('vote-button');
  const wasOn = (await button.getAttribute('aria-pressed')) === 'true';
  await button.click();
  await expect(page.getByTestId('vote-announcement')).toHaveText(wasOn ? /Vote removed/ : /Vote counted/);
  const voted = performance.now();
  const expected = visitorCount + (wasOn ? -1 : 1);
  await expect.poll(before, { timeout: 5_000, intervals: [50] }).toBe(expected);
  expect(performance.now() - voted).toBeLessThan(1_000 + 250); // a second, plus the poll's own requests
});

test('a new search is rendered for its first visitor, then kept: the second ask is a hit', async ({ request }) => {
  const path = `/search?q=${encodeURIComponent(`ledger zq${Date.now().toString(36)}`)}&sort=newest`; // asked by no one before
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  expect(first.headers()['x-page-cache']).toBeUndefined(); // Next's render, for this visitor alone
  const html = await first.text();
  expect(html).toContain('Browse products');
  const nonce = nonceOf(first.headers()['content-security-policy']);
  expect([...new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]))]).toEqual([nonce]);
  const second = await request.get(path);
  expect(second.headers()['x-page-cache']).toBe('hit');
  expect(await second.text()).toContain('Browse products');
  expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce);
});

test('a signed-in visitor gets the cached pages with their own account menu, and signs out from one', async ({
  page,
}) => {
  const email = uniqueEmail('cached-account');
  await signIn(page, email, '/account');
  await page.request.get('/search?q=ledger'); // asked once: kept from the next ask (lib/site/search-page-admission.ts)
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  for (const path of ['/leaderboard', '/search?q=ledger', '/']) {
    const res = await page.goto(path);
    expect(res?.headers()['x-page-cache'], path).toBe('hit');
    expect(res?.headers()['cache-control'], path).toContain('no-store');
    const banner = page.getByRole('banner');
    await expect(banner.getByLabel('Account menu')).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  }
  await page.getByLabel('Account menu').click();
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Site team' })).toHaveCount(0);
  // The menu's links work from a cached page (a client navigation keeps the account shown).
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await page.goto('/leaderboard');
  await page.getByLabel('Account menu').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Account menu')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/); // sign-out's redirect home has finished (a goto would cut it short)
  await page.waitForLoadState('load');
  await page.goto('/leaderboard');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Account menu')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('without JavaScript, a cached page shows a signed-in visitor their account, not "Sign in"', async ({
  page,
  browser,
}) => {
  await signIn(page, uniqueEmail('no-js-account'), '/account');
  await page.request.get('/search?q=ledger'); // asked once: kept from the next ask
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  await noJs.addCookies(await page.context().cookies());
  const plain = await noJs.newPage();
  for (const path of ['/leaderboard', '/search?q=ledger', '/']) {
    const res = await plain.goto(path);
    expect(res?.headers()['x-page-cache'], path).toBe('hit');
    const banner = plain.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Sign in' }), path).toBeHidden();
    await expect(banner.getByRole('link', { name: 'Account' }), path).toBeVisible();
  }
  await plain.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(plain).toHaveURL(/\/account$/);
  await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
  // A visitor without a session sees "Sign in" on the same cached page.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const anonymous = await visitor.newPage();
  await anonymous.goto('/leaderboard');
  await expect(anonymous.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(anonymous.getByRole('banner').getByRole('link', { name: 'Account' })).toBeHidden();
  await Promise.all([noJs.close(), visitor.close()]);
});
