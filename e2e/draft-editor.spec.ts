// Submit by URL in Chromium: a fixture site served from this test on 127.0.0.1 (the server runs
// with CRAWLER_ALLOW_PRIVATE_HOSTS=127.0.0.1), live progress, edit, restore, save, submit.
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFixtureSite, type FixtureSite } from '../test/support/fixture-sites';
import { axeFindings } from './support/axe';
import { signIn, uniqueEmail } from './support/sign-in';

const shots = process.env.E2E_SCREENSHOTS_DIR || 'test-results/draft-editor';
let site: FixtureSite;

test.beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  // A slow site, so the progress bar is seen moving.
  site = await startFixtureSite('acme', { delayMs: 1000 });
});
test.afterAll(async () => site?.close());

async function snap(page: Page, name: string, widths: number[] = [1280, 390]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: name !== 'progress' });
    // Nothing may stick out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('submit a URL, watch it build, edit, restore, save and submit', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, uniqueEmail('editor'), '/submit');
  await expect(page.getByRole('heading', { name: /start with your website/i })).toBeVisible();
  await expect(page.getByText('Every value is quoted')).toBeVisible();
  await snap(page, 'submit');

  // Record every value the progress bar shows, from the moment it appears until it is replaced.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    const record = () => {
      const bar = document.querySelector('[role=progressbar]');
      const v = bar ? Number(bar.getAttribute('aria-valuenow')) : NaN;
      if (!Number.isNaN(v) && seen[seen.length - 1] !== v) seen.push(v);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  await page.getByLabel("Your product's website").fill(site.url);
  await page.getByRole('button', { name: 'Draft my listing' }).click();
  await page.waitForURL(/\/drafts\/drf_/);
  const bar = page.getByRole('progressbar', { name: 'Draft progress' });
  await expect(bar).toBeVisible();
  // Prefer a picture of the page-reading phase; the build may be too quick to catch it.
  await expect(page.getByTestId('progress-phase'))
    .toContainText('Reading pages', { timeout: 6_000 })
    .catch(() => {});
  await snap(page, 'progress');

  const form = page.getByRole('form', { name: 'Edit draft' });
  await expect(form).toBeVisible({ timeout: 45_000 });
  const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
  expect(progress.length).toBeGreaterThan(1);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  expect(progress[progress.length - 1]).toBe(100);

  await expect(page.getByRole('heading', { level: 1, name: 'Acme Notes' })).toBeVisible();
  const headline = page.getByLabel('Headline', { exact: true });
  const hq = page.getByLabel('Headquarters', { exact: true });
  await expect(headline).toHaveValue('Meeting notes that write themselves');
  await expect(page.getByTestId('state-headline')).toHaveAttribute('data-state', 'ai');
  await expect(page.locator('#field-headline').getByText('Where your site says this')).toBeVisible();
  // Links drafted from the site show the page that links to them, as the other values show their quote.
  await expect(page.locator('#field-company_socials').getByText('Where your site links to them')).toBeVisible();
  await snap(page, 'editor');

  // Edit one field and remove another in one save.
  await headline.fill('Meeting notes your team actually reads');
  await hq.fill('');
  await expect(page.getByTestId('save-status')).toHaveText('You have unsaved changes.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved.');
  await expect(page.getByTestId('state-headline')).toHaveAttribute('data-state', 'edited');
  await expect(page.getByTestId('state-headline')).toHaveText('Edited');
  await expect(page.getByTestId('state-headquarters')).toHaveAttribute('data-state', 'deleted');
  // Only what was touched changed state (multi-line text comes back from the browser with CRLF).
  await expect(page.getByTestId('state-description')).toHaveAttribute('data-state', 'ai');
  await expect(page.locator('[data-state=edited]')).toHaveCount(1);
  await expect(page.locator('[data-state=deleted]')).toHaveCount(1);
  await expect(page.locator('[data-state=manual]')).toHaveCount(0);
  await expect(headline).toHaveValue('Meeting notes your team actually reads');

  // Restore brings the drafted value and state back; the edited field stays edited.
  await page.getByRole('button', { name: 'Restore Headquarters' }).click();
  await expect(page.getByTestId('save-status')).toContainText('back to what your site says');
  await expect(hq).toHaveValue('Lisbon, Portugal');
  await expect(page.getByTestId('state-headquarters')).toHaveAttribute('data-state', 'ai');
  await expect(page.getByTestId('state-headquarters')).toHaveText('From your site');
  await expect(page.getByTestId('state-headline')).toHaveAttribute('data-state', 'edited');
  await expect(headline).toHaveValue('Meeting notes your team actually reads');

  // Redraft runs the drafter again on the stored pages: the value still comes with its quote.
  await page.getByRole('button', { name: 'Redraft Pricing' }).click();
  await expect(page.getByTestId('save-status')).toContainText('Pricing was drafted again from your site.');
  await expect(page.getByTestId('state-pricing')).toHaveAttribute('data-state', 'ai');
  await expect(page.locator('#field-pricing').getByText('Where your site says this')).toBeVisible();

  // "+ Add a milestone" by keyboard: the new row's first field takes the focus, to type into next.
  const milestones = page.locator('input[name^="milestones."][name$=".date"]');
  const before = await milestones.count();
  await page.getByRole('button', { name: '+ Add a milestone' }).focus();
  await page.keyboard.press('Enter');
  await expect(milestones).toHaveCount(before + 1);
  await expect(page.getByLabel(`Milestone ${before + 1}: date`)).toBeFocused();
  await page.getByRole('button', { name: `Remove milestone ${before + 1}` }).click();

  // A bad value is refused with the reason, and what was typed is kept.
  await page.getByLabel('Founded', { exact: true }).fill('19x9');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.locator('#input-founded_year-error')).toHaveText('Enter a year like 2019.');
  await expect(page.getByLabel('Founded', { exact: true })).toHaveValue('19x9');
  await expect(page.getByLabel('Founded', { exact: true })).toBeFocused();
  await page.getByLabel('Founded', { exact: true }).fill('2019');

  await page.getByRole('button', { name: 'Submit listing' }).click();
  const success = page.getByTestId('submit-success');
  await expect(success).toBeVisible();
  await expect(success.getByTestId('listing-id')).toHaveText(/^#\d+$/);
  const listingId = (await success.getByTestId('listing-id').textContent())!;
  // It says what happens next, in plain words, and links to the next step and to this draft.
  await expect(success).toContainText('not public yet');
  await expect(success.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(success.getByRole('link', { name: 'Choose how to launch' })).toHaveAttribute(
    'href',
    /^\/account\/listings\/\d+#launch$/,
  );
  await expect(success.getByRole('link', { name: 'this draft' })).toHaveAttribute('href', new URL(page.url()).pathname);
  await snap(page, 'success');

  await page.reload();
  await expect(page.getByText(`Submitted as listing ${listingId}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update listing' })).toBeVisible();

  // An edit made on the listing stays when the draft updates another field (Update listing put the
  // whole draft back over it). A listing not launched yet is not said to be public.
  const draftUrl = page.url();
  await page.goto(`/account/listings/${listingId.replace('#', '')}`);
  // Filled until it holds: typed while React hydrates the form, the text once landed in front of the old one.
  const summary = page.getByLabel('Summary', { exact: true });
  await expect(async () => {
    await summary.fill('Written on the listing page.');
    await expect(summary).toHaveValue('Written on the listing page.', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('profile-edit-status')).toContainText(
    'it shows on the public page once the listing is live',
  );
  await page.goto(draftUrl);
  await page.getByLabel('Team size', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Update listing' }).click();
  await expect(success).toContainText('Listing updated');
  await page.goto(`/account/listings/${listingId.replace('#', '')}`);
  await expect(page.getByLabel('Summary', { exact: true })).toHaveValue('Written on the listing page.');
  await expect(page.getByLabel('Team size', { exact: true })).toHaveValue('7');
  await page.goto(draftUrl);

  await page.goto('/drafts');
  const row = page.getByRole('link', { name: /Acme Notes/ });
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText(`Listing ${listingId}`);
  await snap(page, 'drafts');
});

test('invite a co-founder, who signs in and adds their own founder profile', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const fast = await startFixtureSite('acme');
  try {
    await signIn(page, uniqueEmail('owner'), '/submit');
    await page.getByLabel("Your product's website").fill(fast.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 45_000 });

    const cofounder = uniqueEmail('cofounder');
    await page.getByLabel("Co-founder's email").fill(cofounder);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByText(`Invite sent to ${cofounder}`)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: cofounder })).toContainText('Invited');

    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(`/dev/mailbox?to=${encodeURIComponent(cofounder)}`);
    const mail = other.getByRole('article', { name: /invited you to add your founder profile to Acme Notes/ });
    const link = (await mail.getByRole('link', { name: /\/invites\// }).getAttribute('href'))!;
    const invitePath = new URL(link).pathname;

    await other.goto(invitePath);
    await expect(other.getByRole('heading', { name: /add your founder profile to Acme Notes/ })).toBeVisible();
    await other.getByRole('link', { name: 'Sign in to continue' }).click();
    await expect(other.getByLabel('Email address')).toHaveValue(cofounder); // the invite names the address
    await other.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await other.goto(`/dev/mailbox?to=${encodeURIComponent(cofounder)}`);
    await other
      .getByRole('article', { name: 'Sign in to Product Directory' })
      .first()
      .getByRole('link', { name: /\/api\/auth\/callback\// })
      .click();
    await other.waitForURL((u) => u.pathname === invitePath);
    expect(await axeFindings(other, 'invite form')).toEqual([]); // a11y.spec opens the link as another account

    await other.getByLabel('Your name').fill('Rui Costa');
    await other.getByLabel('Role').fill('Co-founder & COO');
    await other.getByLabel('Short bio').fill('Rui runs operations and customer success.');
    await other.getByRole('button', { name: 'Join Acme Notes' }).click();
    await expect(other.getByTestId('invite-accepted')).toContainText("You're on Acme Notes as a founder");
    // The form shows the profile as saved (with what the drafter found filled in where it was left empty).
    await expect(other.getByLabel('Role')).toHaveValue('Co-founder & COO');
    await snap(other, 'invite');
    // The co-founder joined the listing, but the owner's draft stays the owner's.
    const draftPath = new URL(page.url()).pathname;
    expect((await other.goto(draftPath))?.status()).toBe(404);
    expect((await other.request.get(`${draftPath}/status`)).status()).toBe(404);
    const anon = await browser.newContext();
    expect((await anon.request.get(`${draftPath}/status`)).status()).toBe(401);
    const anonPage = await anon.newPage();
    await anonPage.goto(draftPath);
    await expect(anonPage).toHaveURL(/\/signin\?callbackUrl=%2Fdrafts%2Fdrf_/);
    await anon.close();
    await context.close();

    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: cofounder })).toContainText('Joined');
    await expect(page.locator('input[name$=".name"][value="Rui Costa"]')).toHaveCount(1);
  } finally {
    await fast.close();
  }
});

test('a site that cannot be read shows why, and can be tried again', async ({ page }) => {
  const closed = await startFixtureSite('acme', {
    routes: {
      '/robots.txt': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n'),
    },
  });
  try {
    await signIn(page, uniqueEmail('robots'), '/submit');
    await page.getByLabel("Your product's website").fill(closed.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await page.waitForURL(/\/drafts\/drf_/);
    const first = page.url();
    await expect(page.getByRole('heading', { name: "Your site's robots.txt asks us not to read it" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('We respect robots.txt.')).toBeVisible();
    await snap(page, 'failed');
    expect(closed.requests).not.toContain('/');

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/drafts/drf_') && u.toString() !== first);
    const second = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: "Your site's robots.txt asks us not to read it" })).toBeVisible({
      timeout: 30_000,
    });

    // Failed drafts are not "in progress": the dashboard still offers the first step, and My drafts.
    await page.goto('/account');
    await expect(page.getByTestId('account-first-step')).toContainText('None of your drafts is in progress');
    await page.getByTestId('account-first-step').getByRole('link', { name: 'My drafts' }).click();
    // Only the latest try is listed: the first, failed the same way, holds nothing the second lacks.
    const failed = page.getByRole('link', { name: /Failed/ });
    await expect(failed).toHaveCount(1);
    await expect(failed).toHaveAttribute('href', second);
    await expect(page.getByText('Open it to try again')).toBeVisible();

    // Removed from My drafts: the list says so and no longer holds it; its address is not found.
    await failed.click();
    await page.getByRole('button', { name: 'Remove from my drafts' }).click();
    await page.waitForURL(/\/drafts\?removed=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'The failed draft was removed' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Failed/ })).toHaveCount(0);
    expect((await page.goto(second))?.status()).toBe(404);
  } finally {
    await closed.close();
  }
});

test('the editor saves and restores without JavaScript', async ({ page, browser }) => {
  const fast = await startFixtureSite('acme');
  try {
    await signIn(page, uniqueEmail('nojs'), '/submit');
    await page.getByLabel("Your product's website").fill(fast.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 45_000 });
    const draftUrl = page.url();

    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await context.newPage();
    await plain.goto(draftUrl);
    await plain.getByLabel('Team size', { exact: true }).fill('15');
    await plain.getByRole('button', { name: 'Save draft' }).click();
    await expect(plain.getByTestId('state-team_size')).toHaveAttribute('data-state', 'edited');
    await expect(plain.getByLabel('Team size', { exact: true })).toHaveValue('15');
    await plain.getByRole('button', { name: 'Restore Team size' }).click();
    await expect(plain.getByTestId('state-team_size')).toHaveAttribute('data-state', 'ai');
    await expect(plain.getByLabel('Team size', { exact: true })).toHaveValue('14');
    await context.close();
  } finally {
    await fast.close();
  }
});

test('a site that says little: fill in what is missing and watch completeness grow', async ({ page }) => {
  const plain = await startFixtureSite('plain');
  try {
    await signIn(page, uniqueEmail('plain'), '/submit');
    await page.getByLabel("Your product's website").fill(plain.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('state-headline')).toHaveAttribute('data-state', 'not_found');
    const before = Number((await page.getByTestId('completeness').textContent())!.replace('%', ''));
    const missing = page.getByRole('region', { name: 'Completeness' });
    await missing.getByRole('link', { name: /Founders/ }).click();
    await expect(page).toHaveURL(/#field-founders$/);

    await page.getByLabel('Founder 1: name', { exact: true }).fill('Ana Lima');
    await page.getByLabel('Founder 1: role', { exact: true }).fill('Founder');
    await page.getByLabel('Question 1', { exact: true }).fill('Is Birdhouse free?');
    await page.getByLabel('Answer 1', { exact: true }).fill('Yes, the basic tracker is free.');
    await page.getByLabel('Headline', { exact: true }).fill('Habits that help you sleep better');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByTestId('save-status')).toHaveText('Saved.');

    await expect(page.getByTestId('state-headline')).toHaveAttribute('data-state', 'manual');
    await expect(page.getByTestId('state-headline')).toHaveText('Added by you');
    await expect(page.getByTestId('state-founders')).toHaveAttribute('data-state', 'manual');
    await expect(page.getByTestId('state-faqs')).toHaveAttribute('data-state', 'manual');
    await expect(missing.getByRole('link', { name: /Founders/ })).toHaveCount(0);
    await expect(missing.getByRole('link', { name: /Headline/ })).toHaveCount(0);
    const after = Number((await page.getByTestId('completeness').textContent())!.replace('%', ''));
    expect(after).toBeGreaterThan(before);
    await expect(page.getByLabel('Founder 1: name', { exact: true })).toHaveValue('Ana Lima');
  } finally {
    await plain.close();
  }
});

/** The viewport with the sticky save bar (or the conflict view), at a phone's and a laptop's width. */
async function snapViewport(page: Page, name: string, target: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('before submission the editor saves by itself; two tabs settle a conflict; after submission it asks before leaving', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const fast = await startFixtureSite('acme');
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, uniqueEmail('autosave'), '/submit');
    await page.getByLabel("Your product's website").fill(fast.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 45_000 });
    const draftUrl = page.url();
    const status = page.getByTestId('save-status');
    await expect(status).toHaveAttribute('role', 'status');

    // Typing, then a pause: saved without pressing anything, and the field keeps focus and text.
    const headline = page.getByLabel('Headline', { exact: true });
    await headline.fill('Notes that write themselves');
    await expect(status).toHaveText('You have unsaved changes.');
    await expect(status).toHaveText('Saved.', { timeout: 10_000 });
    await expect(headline).toBeFocused();
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __status: string[] }).__status = seen;
      const el = document.querySelector('[data-testid=save-status]')!;
      new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await headline.pressSequentially(', daily');
    await expect(status).toHaveText('Saved.', { timeout: 10_000 });
    const seen = await page.evaluate(() => (window as unknown as { __status: string[] }).__status);
    expect(seen).toEqual(expect.arrayContaining(['You have unsaved changes.', 'Saving…', 'Saved.']));
    await expect(headline).toHaveValue('Notes that write themselves, daily');
    await snapViewport(page, 'autosave-saved', page.locator('#field-headline'));
    await page.reload();
    await expect(headline).toHaveValue('Notes that write themselves, daily');
    await expect(page.getByTestId('state-headline')).toHaveAttribute('data-state', 'edited');
    // A link typed without https:// is saved by the pause too (https:// is put in front on leaving the field).
    const competitor = page.getByLabel("Main competitor's website");
    await competitor.fill('otter.ai');
    await expect(status).toHaveText('Saved.', { timeout: 10_000 });
    await expect(competitor).toBeFocused();
    await page.reload();
    await expect(competitor).toHaveValue('https://otter.ai');
    // A value that cannot be saved holds the pause's save back, and the bar names its field.
    const email = page.getByLabel('Contact email', { exact: true });
    const before = await email.inputValue();
    await email.fill('not-an-email');
    await expect(status).toHaveText(
      'Not saved: fix Contact email first (nothing else is saved until then). Save draft shows where.',
      { timeout: 10_000 },
    );
    await email.fill(before);
    await expect(status).toHaveText('Saved.', { timeout: 10_000 });

    // A second tab on the same draft, still at the version it loaded.
    const other = await page.context().newPage();
    await other.setViewportSize({ width: 1280, height: 900 });
    await other.goto(draftUrl);
    await expect(other.getByRole('form', { name: 'Edit draft' })).toBeVisible();

    await page.getByLabel('Summary', { exact: true }).fill('Summary written in the first tab.');
    await expect(status).toHaveText('Saved.', { timeout: 10_000 });

    await other.getByLabel('Headline', { exact: true }).fill('Headline from the second tab');
    await other.getByLabel('Team size', { exact: true }).fill('15');
    const conflict = other.getByTestId('conflict');
    await expect(conflict).toBeVisible({ timeout: 10_000 });
    await expect(other.getByTestId('save-status')).toContainText('changed in another tab');
    const headlineChoice = conflict.getByRole('group', { name: 'Headline' });
    await expect(headlineChoice.getByRole('radio', { name: /Keep mine/ })).toBeChecked();
    await expect(headlineChoice).toContainText('Headline from the second tab');
    await expect(headlineChoice).toContainText('Notes that write themselves, daily');
    // Fields only the other tab changed default to theirs.
    await expect(
      conflict.getByRole('group', { name: 'Summary' }).getByRole('radio', { name: /Take theirs/ }),
    ).toBeChecked();
    await expect(
      conflict.getByRole('group', { name: 'Team size' }).getByRole('radio', { name: /Keep mine/ }),
    ).toBeChecked();
    await expect(conflict.getByRole('group', { name: 'Pricing' })).toHaveCount(0);
    await snapViewport(other, 'conflict', conflict);

    await headlineChoice.getByRole('radio', { name: /Take theirs/ }).check();
    await conflict.getByRole('button', { name: 'Save with these choices' }).click();
    await expect(other.getByTestId('save-status')).toHaveText('Saved with your choices.');
    await expect(conflict).toHaveCount(0);
    await expect(other.getByLabel('Headline', { exact: true })).toHaveValue('Notes that write themselves, daily');
    await expect(other.getByLabel('Summary', { exact: true })).toHaveValue('Summary written in the first tab.');
    await expect(other.getByLabel('Team size', { exact: true })).toHaveValue('15');
    await other.close();

    await page.reload();
    await expect(page.getByLabel('Team size', { exact: true })).toHaveValue('15');
    await expect(headline).toHaveValue('Notes that write themselves, daily');

    // After submission an edit changes the listing: no autosave, and leaving asks first.
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await expect(page.getByTestId('submit-success')).toBeVisible();
    await headline.fill('Not saved on its own');
    await page.waitForTimeout(2500);
    await expect(status).toHaveText('You have unsaved changes.');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'My drafts' }).first().click();
    await expect.poll(() => asked).toContain('unsaved changes');
    expect(page.url()).toBe(draftUrl);
    await expect(headline).toHaveValue('Not saved on its own');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('link', { name: 'My drafts' }).first().click();
    await page.waitForURL(/\/drafts$/);
    await page.goto(draftUrl);
    await expect(headline).toHaveValue('Notes that write themselves, daily');
  } finally {
    await fast.close();
  }
});
