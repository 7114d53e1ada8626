// The free launch in Chromium: a founder submits a draft, chooses the free launch, sees the week and
// the two gates, puts the badge on their site (a fixture site on 127.0.0.1), presses Check now,
// completes the founder profile and sees "scheduled"; the site clock then moves to that week
// (POST /dev/clock, on only with TEST_CLOCK=1 and for this machine) and the listing is on the home page.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatWeekName } from '../lib/directory/format';
import { addWeeks, weekStart } from '../lib/time/iso-week';
import { startFixtureSite, type FixtureSite } from '../test/support/fixture-sites';
import { axeFindings } from './support/axe';
import { signIn, uniqueEmail } from './support/sign-in';

const shots = process.env.E2E_SCREENSHOTS_DIR || 'test-results/launch';
const home = fs.readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/sites/acme/index.html'), 'utf8');
let site: FixtureSite;
/** What the founder pasted on their site (empty: no badge yet). */
let pasted = '';

test.beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  site = await startFixtureSite('acme', {
    routes: {
      '/': (_q, r) =>
        r
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(home.replace('</body>', `${pasted}</body>`)),
    },
  });
});
test.afterAll(async ({ request }) => {
  await site?.close();
  await request.post('/dev/clock', { data: { at: null } }); // the real time again for the specs after this one
});

async function snap(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('choose the free launch, pass both gates, and go live when the week starts', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, uniqueEmail('launch'), '/submit');
  await page.getByLabel("Your product's website").fill(site.url);
  await page.getByRole('button', { name: 'Draft my listing' }).click();
  await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 60_000 });
  // The primary founder's bio is left out for now, so the profile gate has something to ask for.
  const bio = page.getByLabel('Founder 1: bio');
  const bioText = (await bio.inputValue()) || 'Maria led product at two SaaS startups before starting Acme Notes.';
  await bio.fill('');
  await page.getByLabel('Founder 1: photo address').fill(`${site.url}/img/maria.jpg`);
  await page.getByRole('button', { name: 'Submit listing' }).click();
  const success = page.getByTestId('submit-success');
  await expect(success).toBeVisible();
  const listingId = (await success.getByTestId('listing-id').textContent())!.replace('#', '');

  // Launch for free: the reserved week, the place in its queue, the two gates.
  await page.goto(`/account/listings/${listingId}`);
  const launch = page.getByRole('region', { name: 'Launch' });
  await expect(launch.getByTestId('launch-status')).toHaveText('Not launched yet');
  await launch.getByRole('button', { name: 'Launch for free' }).click();
  await expect(launch.getByTestId('choose-free-status')).toContainText('Free launch reserved for Week');
  await expect(launch.getByTestId('launch-status')).toHaveAttribute('data-status', 'awaiting_badge');
  await expect(launch.getByTestId('launch-status')).toHaveText('Waiting for the badge and the founder profile');
  const week = (await launch.getByTestId('launch-week').textContent())!;
  expect(week).toMatch(/^Week \d+, \d{4}$/);
  await expect(launch.getByTestId('queue-place')).toHaveText(/^\d+ of 20$/);
  await expect(launch.getByTestId('gate-badge')).toHaveAttribute('data-done', 'false');
  await expect(launch.getByTestId('gate-profile')).toHaveAttribute('data-done', 'false');
  await expect(launch.getByRole('link', { name: /short bio/ })).toHaveAttribute('href', /\/account\/profile#bio$/);
  await expect(launch.getByRole('img', { name: 'Light badge preview' })).toBeVisible();
  expect(await axeFindings(page, 'launch section')).toEqual([]);
  await snap(page, 'awaiting');

  // The badge code, as the founder copies it, goes on their site; Check now finds it.
  const code = await launch.getByRole('textbox', { name: 'Light badge: HTML' }).inputValue();
  expect(code).toContain(`/p/`);
  const image = await page.request.get(new URL(code.match(/src="([^"]+)"/)![1]).pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/svg+xml');
  pasted = `<footer>${code}</footer>`;
  await launch.getByRole('button', { name: 'Check now' }).click();
  await expect(launch.getByTestId('check-now-status')).toContainText('Badge found');
  await expect(launch.getByTestId('gate-badge')).toHaveAttribute('data-done', 'true');
  await expect(launch.getByTestId('launch-status')).toHaveAttribute('data-status', 'awaiting_badge');
  // The badge is found: only what is still open is named.
  await expect(launch.getByTestId('launch-status')).toHaveText('Waiting for the founder profile');

  // The founder completes their profile on the profile page (the listing's draft never overwrites it);
  // saving it schedules the launch that was waiting only for it.
  await page.goto('/account/profile');
  await page.getByLabel('Bio').fill(bioText);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile is complete' })).toBeVisible();
  await page.goto(`/account/listings/${listingId}`);
  await expect(launch.getByTestId('gate-profile')).toHaveAttribute('data-done', 'true');
  await expect(launch.getByTestId('launch-status')).toHaveAttribute('data-status', 'scheduled');
  await expect(launch.getByTestId('launch-status')).toHaveText('Scheduled');
  await snap(page, 'scheduled');

  // Listed as upcoming, not yet on the home page's "Launching this week".
  const name = 'Acme Notes';
  await page.goto('/upcoming');
  await expect(page.getByRole('heading', { name: new RegExp(`^${week}`) })).toBeVisible();
  expect(await axeFindings(page, 'upcoming')).toEqual([]);
  // Its address (where the badge links) shows a coming-soon card until launch, not a 404.
  const soonHref = await page
    .getByRole('region', { name: new RegExp(`^${week}`) })
    .getByRole('link', { name })
    .last()
    .getAttribute('href');
  const soonRes = await page.goto(soonHref!);
  expect(soonRes?.status()).toBe(200);
  await expect(page.getByTestId('coming-soon')).toContainText(`Launching ${week}`);
  expect(await axeFindings(page, 'coming soon')).toEqual([]);
  // Shared before launch too (the badge links here): its card is an image, not a 404.
  const soonOg = await page.locator('meta[property="og:image"]').getAttribute('content');
  const soonImage = await page.request.get(soonOg!);
  expect(soonImage.status()).toBe(200);
  expect(soonImage.headers()['content-type']).toBe('image/png');
  const launching = page.getByRole('list', { name: 'Launching this week' });

  // The site team sees it in its week's queue.
  const team = await browser.newContext();
  const admin = await team.newPage();
  await signIn(admin, 'admin@example.com', '/admin/launches');
  const queue = admin.getByRole('region', { name: new RegExp(`^${week}`) });
  await expect(queue.getByRole('row', { name: new RegExp(name) })).toContainText('scheduled');
  expect(await axeFindings(admin, 'admin launches')).toEqual([]);
  await snap(admin, 'admin');
  // Moved a week later and back: the page's top says what was done (the row left its table, and its form).
  const [, num, year] = week.match(/^Week (\d+), (\d{4})$/)!;
  const isoWeek = `${year}-W${num.padStart(2, '0')}`;
  const later = addWeeks(isoWeek, 1);
  await queue.getByLabel(`Move ${name} to`).selectOption(later);
  await queue.getByRole('button', { name: `Move ${name}` }).click();
  await expect(admin.getByTestId('flash-notice')).toHaveText(`${name} moved to ${formatWeekName(later)}.`);
  const laterQueue = admin.getByRole('region', { name: new RegExp(`^${formatWeekName(later)}`) });
  await laterQueue.getByLabel(`Move ${name} to`).selectOption(isoWeek);
  await laterQueue.getByRole('button', { name: `Move ${name}` }).click();
  await expect(admin.getByTestId('flash-notice')).toHaveText(`${name} moved to ${week}.`);
  await expect(queue.getByRole('row', { name: new RegExp(name) })).toContainText('scheduled');
  await team.close();

  // The clock moves to Monday of that week: the week start runs and the listing is live.
  const monday = weekStart(isoWeek)!;
  const moved = await page.request.post('/dev/clock', {
    data: { at: new Date(monday.getTime() + 60_000).toISOString() },
  });
  expect(moved.status()).toBe(200);
  expect((await moved.json()).report.live).toContain(Number(listingId));
  await page.goto('/');
  await expect(launching.getByText(name)).toBeVisible();
  await snap(page, 'home');
  await page.goto(`/account/listings/${listingId}`);
  await expect(launch.getByTestId('launch-status')).toHaveText('Live');
  await page.goto(`/dev/mailbox`);
  await expect(page.getByRole('article', { name: `${name} is live` }).first()).toBeVisible();
});
