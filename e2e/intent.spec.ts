// Issue 18 parts 1 and 2 in Chromium: founders find "Submit a product" everywhere; a vote pressed
// while signed out survives sign-in (kept on the server, performed once, announced); keyboard voting
// keeps focus; the buttons still work without JavaScript. Screenshots of the header and the home
// "Launch your product" section at 390 and 1280 px.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './support/sign-in';

const shots = process.env.E2E_SCREENSHOTS_DIR || 'test-results/intent';

test.beforeAll(() => {
  fs.mkdirSync(shots, { recursive: true });
});

/** A live product's page (the first search result). */
async function productPath(page: Page): Promise<string> {
  await page.goto('/search');
  const first = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/p\/[a-z0-9-]+$/);
  return href!;
}

const voteCount = async (page: Page) => Number(await page.getByTestId('vote-count').textContent());

/** From the sign-in form the visitor was sent to: ask for a link, open it from the dev mailbox. */
async function finishSignIn(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole('article', { name: 'Sign in to Product Directory' }).first();
  await mail.getByRole('link', { name: /\/api\/auth\/callback\// }).click();
}

test('a vote pressed signed out is counted once after sign-in, and announced', async ({ page, context }) => {
  test.setTimeout(120_000);
  const path = await productPath(page);
  await page.goto(path);
  const before = await voteCount(page);
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'false');

  await page.getByTestId('vote-button').click();
  // Off to sign in; the URL names no product and no action: the intent is on the server.
  await page.waitForURL((u) => u.pathname === '/signin');
  expect(new URL(page.url()).search).toBe(`?callbackUrl=${encodeURIComponent('/intents/resume')}`);
  await expect(page.getByTestId('intent-waiting')).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'pending_intent');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await finishSignIn(page, uniqueEmail('intent'));
  await page.waitForURL((u) => u.pathname === path);
  await expect(page.getByRole('status').filter({ hasText: 'was counted' })).toHaveText(
    /Your vote for .+ was counted\./,
  );
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  expect(await voteCount(page)).toBe(before + 1);
  expect((await context.cookies()).some((c) => c.name === 'pending_intent')).toBe(false);

  // A reload neither votes again nor says it again.
  await page.reload();
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  expect(await voteCount(page)).toBe(before + 1);
  await expect(page.getByText('was counted')).toHaveCount(0);

  // A second return with the same id (the cookie replayed) does nothing: after taking the vote back,
  // coming through /intents/resume again must not cast it again.
  await page.getByTestId('vote-button').click();
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('vote-count')).toHaveText(String(before));
  await context.addCookies([cookie!]);
  await page.goto('/intents/resume');
  await page.waitForURL((u) => u.pathname === path);
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'false');
  expect(await voteCount(page)).toBe(before);
});

test('a vote on one product and a follow on another, both pressed signed out, are both done after one sign-in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/search');
  const links = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  const [first, second] = [await links.nth(0).getAttribute('href'), await links.nth(2).getAttribute('href')];
  expect(first).not.toBe(second);

  await page.goto(first!);
  const votesBefore = await voteCount(page);
  await page.getByTestId('vote-button').click();
  await page.waitForURL((u) => u.pathname === '/signin');
  // The visitor wanders off before signing in and presses follow elsewhere.
  await page.goto(second!);
  await page.getByTestId('follow-button').click();
  await page.waitForURL((u) => u.pathname === '/signin');

  await finishSignIn(page, uniqueEmail('two-intents'));
  await page.waitForURL((u) => u.pathname === second);
  await expect(page.getByTestId('flash-notice')).toHaveText(/^You now follow .+\.$/);
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
  await page.goto(first!);
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  expect(await voteCount(page)).toBe(votesBefore + 1);
});

test('a sign-in link opened in another browser offers what was pressed again, without doing it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const path = await productPath(page);
  await page.goto(path);
  const before = await voteCount(page);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByTestId('vote-button').click();
  await page.waitForURL((u) => u.pathname === '/signin');
  const email = uniqueEmail('elsewhere');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The link is opened on another device: no cookie there names the vote.
  const phone = await browser.newContext();
  const other = await phone.newPage();
  await other.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = other.getByRole('article', { name: 'Sign in to Product Directory' }).first();
  await mail.getByRole('link', { name: /\/api\/auth\/callback\// }).click();
  await other.waitForURL((u) => u.pathname === '/account');
  const offered = other.getByTestId('pressed-elsewhere');
  await expect(offered).toContainText('Upvote');
  await offered.getByRole('link', { name }).click();
  await other.waitForURL((u) => u.pathname === path);
  await expect(other.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'false');
  expect(await voteCount(other)).toBe(before);
  // Offered once.
  await other.goto('/account');
  await expect(other.getByTestId('pressed-elsewhere')).toHaveCount(0);
  await phone.close();
});

test('a press cookie planted in a signed-in browser votes for nothing', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Someone presses Upvote signed out and takes the cookie that names the press.
  const path = await productPath(page);
  await page.goto(path);
  await page.getByTestId('vote-button').click();
  await page.waitForURL((u) => u.pathname === '/signin');
  const planted = (await page.context().cookies()).find((c) => c.name === 'pending_intent')!;

  // A signed-in visitor's browser gets it (a sibling origin can set cookies) and is sent to resume.
  const victim = await (await browser.newContext()).newPage();
  await signIn(victim, uniqueEmail('victim'), path);
  const before = await voteCount(victim);
  await victim.context().addCookies([{ ...planted }]);
  await victim.goto('/intents/resume');
  await victim.goto(path);
  await expect(victim.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'false');
  expect(await voteCount(victim)).toBe(before);
  await victim.context().close();
});

test('voting and following by keyboard keeps focus on the button and announces the count', async ({ page }) => {
  test.setTimeout(120_000);
  const path = await productPath(page);
  await signIn(page, uniqueEmail('keys'), path);
  const vote = page.getByTestId('vote-button');
  const before = await voteCount(page);
  await vote.focus();
  await page.keyboard.press('Enter');
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('vote-count')).toHaveText(String(before + 1));
  await expect(page.getByTestId('vote-announcement')).toHaveText(
    `Vote counted. ${before + 1} ${before + 1 === 1 ? 'vote' : 'votes'}.`,
  );
  await expect(page.getByTestId('vote-announcement')).toHaveAttribute('aria-live', 'polite');
  await expect(vote).toBeFocused();

  await page.keyboard.press('Space');
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('vote-announcement')).toHaveText(new RegExp(`^Vote removed\\. ${before} votes?\\.$`));
  await expect(vote).toBeFocused();

  const follow = page.getByTestId('follow-button');
  await page.keyboard.press('Tab');
  await expect(follow).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('follow-announcement')).toHaveText(/^Following\. \d+ followers?\.$/);
  await expect(follow).toBeFocused();
});

test('without JavaScript the buttons post the form and come back', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const path = await productPath(page);
  await signIn(page, uniqueEmail('nojs'), path);
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const p = await noJs.newPage();
  await p.goto(path);
  const before = await voteCount(p);
  await p.getByTestId('vote-button').click();
  await p.waitForURL((u) => u.pathname === path);
  await expect(p.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  expect(await voteCount(p)).toBe(before + 1);
  await noJs.close();
});

test('founders find the way in: header, home, pricing, account', async ({ page }) => {
  test.setTimeout(120_000);
  const path = await productPath(page);
  // The header offers it on every kind of page, and signed out it goes through sign-in to /submit.
  for (const p of ['/', path, '/leaderboard', '/pricing', '/search', '/categories']) {
    await page.goto(p);
    const link = page.getByRole('banner').getByRole('link', { name: 'Submit a product' });
    await expect(link).toBeVisible();
    expect(await link.getAttribute('href')).toBe(`/signin?callbackUrl=${encodeURIComponent('/submit')}`);
  }

  // The header's first row fits from 320 px to desktops (tablets too): the entry sits beside the logo,
  // nothing overflows.
  await page.goto('/');
  for (const width of [320, 390, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const header = page.getByRole('banner');
    const row = header.locator('> div').first();
    expect(await row.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const logo = await header.getByRole('link').first().boundingBox();
    const submit = await header.getByRole('link', { name: 'Submit a product' }).boundingBox();
    expect(Math.abs(submit!.y + submit!.height / 2 - (logo!.y + logo!.height / 2))).toBeLessThan(4);
    expect(submit!.x + submit!.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if ([390, 768, 1280].includes(width)) {
      await header.screenshot({ path: `${shots}/header-${width}.png` });
      const section = page.getByTestId('launch-your-product');
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${shots}/home-launch-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Home: a short "Launch your product" section leads to /submit.
  const section = page.getByRole('region', { name: 'Launch your product' });
  await expect(section.getByRole('link', { name: 'Submit a product' })).toHaveAttribute('href', '/submit');

  // Pricing: every plan links to submitting a product.
  await page.goto('/pricing');
  const plans = page.getByRole('main').getByRole('listitem');
  const count = await plans.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++)
    await expect(plans.nth(i).getByRole('link', { name: /^Submit a product/ })).toHaveAttribute('href', '/submit');
  // A price that options multiply says what it is per (the featured placement read as $99 in all).
  await expect(plans.filter({ hasText: 'Featured placement' })).toContainText('$99 per week and category');
  await expect(plans.filter({ hasText: 'billboard' })).toContainText(/from \$/);

  // Signed out, the header entry signs in and lands on /submit.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Submit a product' }).click();
  await page.waitForURL((u) => u.pathname === '/signin');
  await finishSignIn(page, uniqueEmail('founder'));
  await page.waitForURL((u) => u.pathname === '/submit');
  await expect(page.getByRole('heading', { level: 1, name: /Start with your website/ })).toBeVisible();
  // Signed in, it goes straight there, and the header (now with the account menu) still fits.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Submit a product' })).toHaveAttribute(
    'href',
    '/submit',
  );
  for (const width of [1280, 1024, 768, 390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    expect(
      await page
        .getByRole('banner')
        .locator('> div')
        .first()
        .evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A new account's dashboard says what to do first.
  await page.goto('/account');
  const first = page.getByRole('region', { name: 'First step: submit your product' });
  await expect(first).toBeVisible();
  await expect(first.getByRole('link', { name: 'Submit a product' })).toHaveAttribute('href', '/submit');
});
