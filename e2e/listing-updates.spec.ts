// Issue 13 in Chromium: the demo founder posts an update on their live listing (Ledgerly, from the
// seed) and a follower finds the mail in the dev mailbox; the mail's unsubscribe link shows a confirm
// page (opening it unfollows nothing) whose button works without JavaScript; milestones are added
// and deleted from the owner's page; the home and updates pages advertise both RSS feeds.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeFindings } from './support/axe';
import { signIn, uniqueEmail } from './support/sign-in';

const FOUNDER = 'founder@example.com';

/** The seeded listing of the demo founder: its id and slug. */
async function ledgerly(page: Page): Promise<{ id: number; slug: string; name: string }> {
  const found = await (await page.request.get('/api/v1/listings?q=Ledgerly')).json();
  const item = found.items.find((i: { name: string }) => i.name === 'Ledgerly');
  expect(item, 'the seed lists Ledgerly').toBeTruthy();
  return { id: item.id, slug: item.slug, name: item.name };
}

async function newPage(browser: Browser, opts: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(opts);
  return { page: await context.newPage(), close: () => context.close() };
}

test('the home and updates pages advertise the launches and updates feeds', async ({ page }) => {
  for (const path of ['/', '/updates']) {
    await page.goto(path);
    const links = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    const hrefs = await links.evaluateAll((els) => els.map((e) => new URL((e as HTMLLinkElement).href).pathname));
    expect(hrefs, path).toEqual(['/feeds/launches.xml', '/feeds/updates.xml']);
    for (const href of hrefs) expect((await page.request.get(href)).headers()['content-type']).toContain('rss');
  }
});

test('a founder posts an update, a follower is mailed once and unsubscribes through the link', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const listing = await ledgerly(page);
  const findings: string[] = [];

  // A follower follows Ledgerly.
  const fan = await newPage(browser);
  const fanEmail = uniqueEmail('follower');
  await signIn(fan.page, fanEmail, `/p/${listing.slug}`);
  const followButton = fan.page.getByTestId('follow-button');
  await followButton.click();
  await expect(followButton).toHaveAttribute('aria-pressed', 'true');

  // The founder posts from the listing's page in the account.
  await signIn(page, FOUNDER, `/account/listings/${listing.id}`);
  const section = page.getByRole('region', { name: 'Post an update' });
  await expect(section.getByTestId('follower-count')).toContainText(/follows? Ledgerly/);
  const title = `Recurring invoices ${Date.now().toString(36)}`;
  await section.getByLabel('Title').fill(title);
  await expect(section.getByText(`${title.length} / 120 characters`)).toBeVisible();
  await section.getByLabel("What's new").fill('Set an invoice to repeat monthly.\n\nIt sends itself.');
  // From the top: scrolled down, the sticky site header covers whatever control sits under it, which
  // axe's target-size rule counts as obscured (a scroll position, not the page's layout).
  await page.evaluate(() => window.scrollTo(0, 0));
  findings.push(...(await axeFindings(page, 'owner listing page, update typed')));
  await section.getByRole('button', { name: 'Post update' }).click();
  await expect(section.getByTestId('post-update-status')).toHaveText(
    /Update posted\. \d+ followers? (is|are) being emailed\./,
  );
  await expect(section.getByRole('list', { name: 'Latest updates' })).toContainText(title);
  await expect(section.getByLabel('Title')).toHaveValue('');

  // It is public at once: the listing page and the latest updates.
  await fan.page.goto(`/p/${listing.slug}`);
  await expect(fan.page.locator('#updates')).toContainText(title);
  await fan.page.goto('/updates');
  await expect(fan.page.getByRole('main')).toContainText(title);

  // The follower's mail arrives (the job runs in the background): exactly one.
  const subject = `Ledgerly: ${title}`;
  await expect(async () => {
    await fan.page.goto(`/dev/mailbox?to=${encodeURIComponent(fanEmail)}`);
    await expect(fan.page.getByRole('article', { name: subject })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const mail = fan.page.getByRole('article', { name: subject });
  await expect(mail).toContainText('It sends itself.');
  const unsubscribe = await mail.getByRole('link', { name: /\/unsubscribe\// }).getAttribute('href');
  expect(unsubscribe).toMatch(/\/unsubscribe\/[0-9a-f-]{36}$/);
  // The founder is not mailed about their own update.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(FOUNDER)}`);
  await expect(page.getByRole('article', { name: subject })).toHaveCount(0);

  // Opening the link (what a mail scanner does) unfollows nothing; the button does, even without JavaScript.
  await fan.page.goto(unsubscribe!);
  await expect(fan.page.getByRole('heading', { name: 'Stop emails about Ledgerly?' })).toBeVisible();
  findings.push(...(await axeFindings(fan.page, 'unsubscribe confirm')));
  await fan.page.goto(`/p/${listing.slug}`);
  await expect(fan.page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
  // axe needs scripts, so the page without JavaScript is only clicked through.
  const noJs = await newPage(browser, { javaScriptEnabled: false });
  await noJs.page.goto(unsubscribe!);
  await expect(noJs.page.getByRole('heading', { name: 'Stop emails about Ledgerly?' })).toBeVisible();
  await noJs.page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(noJs.page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(noJs.page.getByText('You unfollowed Ledgerly')).toBeVisible();
  await fan.page.reload();
  await expect(fan.page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'false');
  // The link is used up.
  await noJs.page.goto(unsubscribe!);
  await fan.page.goto(unsubscribe!);
  await expect(fan.page.getByRole('heading', { name: 'This unsubscribe link is not valid any more' })).toBeVisible();
  findings.push(...(await axeFindings(fan.page, 'unsubscribe used link')));
  await noJs.close();
  await fan.close();
  expect(findings).toEqual([]);
});

test('a founder adds a milestone (refused until the link is https), sees it public, and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const listing = await ledgerly(page);
  await signIn(page, FOUNDER, `/account/listings/${listing.id}`);
  const section = page.getByRole('region', { name: 'Milestones' });
  const title = `Reached 500 customers ${Date.now().toString(36)}`;
  // Nothing filled in: the date is asked for in the picker's words, not as YYYY-MM-DD.
  await section.getByRole('button', { name: 'Add milestone' }).click();
  await expect(section.getByText('Choose the date it happened.')).toBeVisible();
  await section.getByLabel('Date').fill('2026-03-01');
  await section.getByLabel('Title').fill(title);
  await section.getByLabel('Link (optional)').fill('http://ledgerly.example.com/500');
  // By keyboard: after the refusal the focus is on the button again, not at the top of the page.
  await section.getByRole('button', { name: 'Add milestone' }).press('Enter');
  await expect(section.getByText('Must be a link starting with https://.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add milestone' })).toBeFocused();
  await expect(section.getByLabel('Title')).toHaveValue(title);
  await section.getByLabel('Link (optional)').fill('https://ledgerly.example.com/500');
  await section.getByRole('button', { name: 'Add milestone' }).click();
  await expect(section.getByRole('list', { name: 'Your milestones' })).toContainText(title);

  // Ledgerly is a paid listing: its milestones are public.
  await page.goto(`/p/${listing.slug}`);
  await expect(page.locator('#milestones')).toContainText(title);

  await page.goto(`/account/listings/${listing.id}`);
  // Delete asks first (a disclosure: no JavaScript needed); "Keep it" closes the question.
  const askDelete = section.locator('summary', { hasText: `Delete milestone ${title}` });
  const confirmDelete = section.getByRole('button', { name: `Yes, delete milestone ${title}` });
  await askDelete.click();
  await section.locator('summary', { hasText: `Keep it: milestone ${title}` }).click();
  await expect(confirmDelete).toBeHidden();
  await askDelete.focus();
  await page.keyboard.press('Enter');
  await expect(confirmDelete).toBeVisible();
  expect(await axeFindings(page, 'milestone delete question')).toEqual([]);
  // Esc answers "Keep it" and leaves the keyboard on the question's button.
  await confirmDelete.focus();
  await page.keyboard.press('Escape');
  await expect(confirmDelete).toBeHidden();
  await expect(askDelete).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirmDelete).toBeVisible();
  await confirmDelete.press('Enter');
  await expect(askDelete).toHaveCount(0);
  // The button went with the milestone: the focus stays in the section.
  await expect(section).toBeFocused();
  await page.goto(`/p/${listing.slug}`);
  await expect(page.getByText(title)).toHaveCount(0);
});
