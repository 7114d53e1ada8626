// The site team in Chromium: its pages answer 404 to a visitor and to a member; the admin sees the
// demo founder's edit of Shipfast CI (seeded) as before/after and reverts it, and the public page shows
// the old headline at once; rejecting Notiv emails its owner and takes its page down, restoring it
// brings it back.
import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './support/sign-in';

const ADMIN_PAGES = ['/admin', '/admin/edits', '/admin/listings'];
const OLD_HEADLINE = 'Continuous integration that finishes before your coffee';
const NEW_HEADLINE = 'CI that finishes before your coffee, now with merge queues';

test('the site team pages are 404 for a signed-out visitor and for a member', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of ADMIN_PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), `signed out ${path}`).toBe(404);
  }
  await signIn(page, uniqueEmail('member'), '/account');
  await page.getByLabel('Account menu').click();
  await expect(page.getByRole('link', { name: 'Site team' })).toHaveCount(0);
  for (const path of ADMIN_PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), `member ${path}`).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await context.close();
});

test('the site team sees an edit as before/after, reverts it, and rejects then restores a listing', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/p/shipfast-ci');
  await expect(page.getByText(NEW_HEADLINE).first()).toBeVisible();

  await signIn(page, 'admin@example.com', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Site team' })).toBeVisible();
  await page.getByLabel('Account menu').click();
  await expect(page.getByRole('link', { name: 'Site team' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Site team' }).getByRole('link', { name: 'Edits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edits' })).toBeVisible();

  // Filter to the listing, then read the edit's before and after.
  await page.getByRole('searchbox', { name: 'Listing' }).fill('shipfast');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/listing=shipfast/);
  const edit = page.getByRole('article', { name: /Shipfast CI · version 1/ });
  await expect(edit).toBeVisible();
  await expect(edit).toContainText('Listing edit by Demo Founder (founder@example.com)');
  // Before: "[removed: Continuous integration] that finishes before your [removed: coffee]"; after: "[added: CI] …"
  await expect(edit.locator('del').first()).toHaveText('[removed: Continuous integration]');
  await expect(edit.locator('ins').first()).toHaveText('[added: CI]');
  await expect(edit.locator('ins').nth(1)).toHaveText('[added: coffee, now with merge queues]');

  await edit.getByRole('button', { name: 'Revert version 1 of Shipfast CI' }).click();
  await expect(edit.getByRole('status').last()).toHaveText('Reverted Headline, Summary: the listing is at version 2.');
  await expect(edit.getByRole('button', { name: 'Revert version 1 of Shipfast CI' })).toHaveCount(0);
  const revert = page.getByRole('article', { name: /Shipfast CI · version 2/ });
  await expect(revert).toContainText('Revert by Site Admin (admin@example.com)');
  await expect(revert).toContainText('Reviewed by Site Admin');

  await page.goto('/p/shipfast-ci');
  await expect(page.getByText(OLD_HEADLINE).first()).toBeVisible();
  await expect(page.getByText(NEW_HEADLINE)).toHaveCount(0);

  // Reject a listing of the demo founder: the owner is emailed, the page is gone; restore brings it back.
  await page.goto('/admin/listings?q=notiv');
  const row = page.getByRole('article', { name: /^Notiv/ });
  await expect(row).toContainText('founder@example.com');
  await row.getByText('Reject or archive Notiv').click();
  await row.getByRole('radio', { name: 'Reject (breaks the rules)' }).check();
  // Refused for its missing reason, the form keeps the decision chosen.
  await row.getByRole('button', { name: 'Apply decision' }).click();
  await expect(row.getByText('Give a reason: the owner reads it.')).toBeVisible();
  await expect(row.getByRole('radio', { name: 'Reject (breaks the rules)' })).toBeChecked();
  await row.getByRole('textbox', { name: 'Reason' }).fill('The site copies another product word for word.');
  await row.getByRole('button', { name: 'Apply decision' }).click();
  // Said once, at the page's top; the decision's panel closes (it stayed open, relabelled "Archive…").
  await expect(page.getByTestId('flash-notice')).toHaveText(
    'Notiv is rejected. Its owner (founder@example.com) was emailed.',
  );
  await expect(row.getByText('Notiv is rejected.')).toHaveCount(0);
  await expect(row.getByRole('textbox', { name: 'Reason for archiving Notiv' })).toBeHidden();
  await expect(row).toContainText('Reason: The site copies another product word for word.');
  // A rejected listing can still be archived, not rejected again.
  await page.reload();
  await row.getByText('Archive Notiv').click();
  await expect(row.getByRole('radio')).toHaveCount(0);
  await expect(row.getByRole('textbox', { name: 'Reason for archiving Notiv' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
  expect((await page.goto('/p/notiv'))?.status()).toBe(404);
  await page.goto('/search?q=notiv');
  await expect(page.getByRole('link', { name: 'Notiv', exact: true })).toHaveCount(0);

  await page.goto('/dev/mailbox?to=founder%40example.com');
  await expect(page.getByRole('article', { name: 'Your listing Notiv was rejected' }).first()).toContainText(
    'Reason: The site copies another product word for word.',
  );

  // The owner asks for another look; the site team's listings page keeps the request until it decides.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'founder@example.com', '/account/listings');
  await owner.getByRole('link', { name: 'Notiv', exact: true }).first().click();
  await owner.getByLabel('Ask for another look').fill('I rewrote every page in my own words.');
  await owner.getByRole('button', { name: 'Send to the site team' }).click();
  await expect(owner.getByText(/^Sent: the site team is asked to look again/)).toBeVisible();
  await owner.reload(); // the request stays in view until the site team answers it
  await expect(owner.getByTestId('review-asked')).toContainText('You asked the site team for another look');
  await owner.context().close();
  await page.goto('/admin/listings');
  await page.getByTestId('review-requests-link').click();
  await expect(page.getByLabel('Status')).toHaveValue('review_requested');
  await expect(page.getByRole('article', { name: /^Notiv/ }).getByTestId('review-request')).toContainText(
    'I rewrote every page in my own words.',
  );
  // The team could also keep its decision and answer: the answer is asked for before anything is sent.
  const request = page.getByRole('article', { name: /^Notiv/ }).getByTestId('review-request');
  await request.getByRole('button', { name: 'Keep it rejected and answer' }).click();
  await expect(request.getByText('Give an answer: the owner reads it.')).toBeVisible();

  await page.goto('/admin/listings?q=notiv');
  await page.getByRole('button', { name: 'Restore Notiv' }).click();
  await expect(page.getByRole('article', { name: /^Notiv/ })).toContainText('Live');
  // The row lost its Restore button; the page's top says what was done.
  await expect(page.getByTestId('flash-notice')).toHaveText('Restored Notiv: it is live again.');
  await expect(page.getByRole('article', { name: /^Notiv/ }).getByTestId('review-request')).toHaveCount(0);
  expect((await page.goto('/p/notiv'))?.status()).toBe(200);
});

test('a promo code refused for its dates keeps what was typed; created, the form is empty again', async ({ page }) => {
  await signIn(page, 'admin@example.com', '/admin/promo-codes');
  const form = page.getByRole('form', { name: 'New promo code' });
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await form.getByLabel('Code (matched exactly as typed)').fill(code);
  await form.getByLabel('Value (percent, or cents)').fill('15');
  await form.getByLabel('Starts (UTC day, optional)').fill('2031-03-10');
  await form.getByLabel('Last day (UTC, included, optional)').fill('2031-03-01');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByRole('alert')).toContainText('after the start');
  // React resets a form after its action: every field was emptied by the refusal.
  await expect(form.getByLabel('Code (matched exactly as typed)')).toHaveValue(code);
  await expect(form.getByLabel('Value (percent, or cents)')).toHaveValue('15');
  await form.getByLabel('Last day (UTC, included, optional)').fill('2031-03-31');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Code (matched exactly as typed)')).toHaveValue('');
});
