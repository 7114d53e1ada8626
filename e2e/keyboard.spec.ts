// Keyboard and motion (docs/decisions.md#usability-and-robustness): the first Tab reaches "Skip to content", every control
// shows where focus is, reduced motion turns transitions off, and a visitor can go home → search →
// product → vote → follow with the keyboard alone. Screenshots of the skip link and /docs/api.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFixtureSite } from '../test/support/fixture-sites';
import { signIn, uniqueEmail } from './support/sign-in';

const shots = process.env.E2E_SCREENSHOTS_DIR || 'test-results/a11y';
test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));

/** Presses Tab until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function aProduct(page: Page): Promise<{ slug: string; name: string }> {
  const body = await (await page.request.get('/api/v1/listings?per_page=1&sort=newest')).json();
  return body.items[0];
}

test('the first Tab reaches "Skip to content", which moves focus past the header to <main>', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/leaderboard');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute('href', '#main');
    await expect(page.locator('main#main')).toHaveCount(1);
    // Shown while focused (it is visually hidden otherwise).
    const box = (await skip.boundingBox())!;
    expect(box.width).toBeGreaterThan(60);
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: `${shots}/skip-link-${width}.png` });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () => !!document.activeElement && document.querySelector('main')!.contains(document.activeElement),
      ),
    ).toBe(true);
  }
});

test('every control shows a visible focus indicator', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { slug } = await aProduct(page);
  const pages = ['/', `/p/${slug}`, '/search?q=note', '/pricing', '/signin', '/docs/api'];
  await signIn(page, uniqueEmail('focus'), '/account');
  pages.push('/account', '/submit', '/account/api-keys');
  const missing: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await page.locator('body').focus();
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const cs = getComputedStyle(el);
        const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
        const ring = cs.boxShadow !== 'none';
        const id = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).name || '').trim().slice(0, 40)}"`;
        const box = el.getBoundingClientRect();
        return { id: `${id}@${Math.round(box.x)},${Math.round(box.y + window.scrollY)}`, ok: outline || ring };
      });
      if (!stop || seen.has(stop.id)) break; // wrapped around
      seen.add(stop.id);
      if (!stop.ok) missing.push(`${path}: ${stop.id}`);
    }
    expect(seen.size, path).toBeGreaterThan(3);
  }
  expect(missing).toEqual([]);
});

test('the sticky header never covers the focused control (WCAG 2.4.11), tabbing backwards on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'founder@example.com', '/account/listings');
  await page.locator('a[href^="/account/listings/"]').first().click();
  await page.waitForURL(/\/account\/listings\/\d+/);
  await page.waitForLoadState('networkidle'); // every streamed section in place before the keyboard moves
  await page.keyboard.press('End');
  await page.locator('footer a').last().focus();
  const covered: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab');
    const hidden = await page.evaluate(async () => {
      // Measured once the browser has scrolled the focus into view (two frames).
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const el = document.activeElement as HTMLElement | null;
      const header = document.querySelector('body > header, header.sticky');
      if (!el || !header || header.contains(el)) return null;
      const box = el.getBoundingClientRect();
      return box.top < header.getBoundingClientRect().bottom ? el.outerHTML.slice(0, 80) : null;
    });
    if (hidden) covered.push(hidden);
  }
  expect(covered).toEqual([]);
});

test("the draft editor's sticky save bar never covers the focused control (WCAG 2.4.11), on a phone and a desktop", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fast = await startFixtureSite('acme');
  try {
    await signIn(page, uniqueEmail('tabber'), '/submit');
    await page.getByLabel("Your product's website").fill(fast.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 45_000 });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('heading', { level: 1 }).first().click(); // the keyboard starts above the form
      const covered: string[] = [];
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press('Tab');
        const hidden = await page.evaluate(async () => {
          // Measured once the browser has scrolled the focus into view (two frames).
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const el = document.activeElement as HTMLElement | null;
          const bar = document.querySelector('[data-sticky-bar]');
          if (!el || !bar || bar.contains(el) || !el.closest('form')) return null;
          // Hidden: less of it shows above the bar than a line of text (a tall text box may run under it).
          const box = el.getBoundingClientRect();
          const shown = Math.min(box.bottom, bar.getBoundingClientRect().top) - Math.max(box.top, 0);
          return shown < Math.min(box.height, 20) ? el.outerHTML.slice(0, 80) : null;
        });
        if (hidden) covered.push(`${width}px: ${hidden}`);
      }
      expect(covered).toEqual([]);
    }
  } finally {
    await fast.close();
  }
});

test('with reduced motion asked for, nothing transitions or animates', async ({ page }) => {
  const longest = () =>
    page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('*')].flatMap((el) => {
          const cs = getComputedStyle(el);
          return [...cs.transitionDuration.split(','), ...cs.animationDuration.split(',')].map(
            (d) => parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1),
          );
        }),
      ),
    );
  const { slug } = await aProduct(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto(`/p/${slug}`);
  expect(await longest()).toBeGreaterThan(0.05); // the site does use transitions...
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await longest()).toBeLessThan(0.001); // ...and drops them on request
});

test('keyboard only: home → search → product → vote → follow', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { name } = await aProduct(page);
  await signIn(page, uniqueEmail('keys'), '/');
  // From here on, no mouse: only key presses.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  await tabTo(page, page.getByRole('searchbox', { name: 'Search products' }));
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/search\?q=/);
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('link', { name, exact: true });
  await expect(result).toBeVisible();

  await tabTo(page, result);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const vote = page.getByTestId('vote-button');
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  const votes = Number(await page.getByTestId('vote-count').textContent());
  await tabTo(page, vote);
  await page.keyboard.press('Enter');
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('vote-count')).toHaveText(String(votes + 1));
  await expect(vote).toBeEnabled(); // the server answered (the pressed state shows at once)

  const follow = page.getByTestId('follow-button');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const followers = Number(await page.getByTestId('follow-count').textContent());
  await tabTo(page, follow);
  await page.keyboard.press(' ');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('follow-count')).toHaveText(String(followers + 1));
  await expect(follow).toBeEnabled();

  await page.reload();
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
});

test('the account menu closes by keyboard: Esc returns to its button, Tab past the last item closes it', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('menu'), '/account');
  const button = page.getByLabel('Account menu');
  const account = page.getByRole('link', { name: 'Account', exact: true });
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(account).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(account).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(account).toBeHidden();
  await expect(button).toBeFocused();
  // Open again and Tab on past "Sign out": the menu closes instead of staying open over the page.
  await page.keyboard.press('Enter');
  await tabTo(page, signOut, 6);
  await page.keyboard.press('Tab');
  await expect(signOut).toBeHidden();
  await expect(button).not.toBeFocused();
});

test('/docs/api reads well on a phone and a desktop', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/docs/api');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Directory API' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Edit a draft' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${shots}/docs-api-${width}.png` });
    await page.locator('#update_draft').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/docs-api-update-draft-${width}.png` });
  }
});
