// What a founder types on their listing's page is not lost: leaving with unsaved text in the story,
// an update or a milestone asks first; a save after the session ended (signed out in another tab)
// is refused with the text kept and a link to sign in again, after which it saves; and a posted
// update leaves the keyboard focus in the form, not at the top of the page.
import { expect, test } from '@playwright/test';
import { startFixtureSite } from '../test/support/fixture-sites';
import { signIn, uniqueEmail } from './support/sign-in';

test('typed text survives leaving, a session that ended, and posting by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  const found = await (await page.request.get('/api/v1/listings?q=Ledgerly')).json();
  const ledgerly = found.items.find((i: { name: string }) => i.name === 'Ledgerly');
  await signIn(page, 'founder@example.com', `/account/listings/${ledgerly.id}`);

  // Leaving with a story section typed asks first; staying keeps the text.
  const story = page.getByRole('form', { name: 'Founder story' });
  const started = story.getByLabel('How it started');
  // Filled until it holds: typed while React was still hydrating the form, the text once landed in
  // front of the old one ("…inboxes.Ledgerly started as…"): the selection was reset under fill().
  await expect(async () => {
    await started.fill('We kept losing invoices in our inboxes.');
    await expect(started).toHaveValue('We kept losing invoices in our inboxes.', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('link', { name: 'My listings' }).first().click();
  expect(asked).toContain('unsaved changes');
  await expect(story.getByLabel('How it started')).toHaveValue('We kept losing invoices in our inboxes.');

  // Signed out meanwhile (another tab): the update is refused, kept, and saved after signing in again.
  const section = page.getByRole('region', { name: 'Post an update' });
  const title = `Reminders ${Date.now().toString(36)}`;
  await section.getByLabel('Title').fill(title);
  await section.getByLabel("What's new").fill('Invoices now remind your clients for you.');
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await section.getByRole('button', { name: 'Post update' }).click();
  const refusal = section.getByRole('alert');
  await expect(refusal).toContainText('You are signed out, so nothing was saved');
  await expect(refusal.getByRole('link', { name: 'Sign in (opens a new tab)' })).toHaveAttribute('href', '/signin');
  await expect(page).toHaveURL(new RegExp(`/account/listings/${ledgerly.id}`));
  await expect(section.getByLabel('Title')).toHaveValue(title);
  await expect(section.getByLabel("What's new")).toHaveValue('Invoices now remind your clients for you.');

  // Signed in again: posted by pressing Enter in the title; the focus stays in the emptied form.
  await page.context().addCookies(cookies);
  await section.getByLabel('Title').press('Enter');
  await expect(section.getByTestId('post-update-status')).toContainText('Update posted.');
  await expect(section.getByLabel('Title')).toHaveValue('');
  await expect(section.getByLabel('Title')).toBeFocused();
});

test('Back to the page before, with an update typed, asks first; staying keeps the text', async ({ page }) => {
  test.setTimeout(90_000);
  const found = await (await page.request.get('/api/v1/listings?q=Ledgerly')).json();
  const ledgerly = found.items.find((i: { name: string }) => i.name === 'Ledgerly');
  await signIn(page, 'founder@example.com', '/account/listings');
  // Opened from My listings by the site's own link: Back is a popstate that Next's router would serve.
  await page.locator(`a[href="/account/listings/${ledgerly.id}"]`).first().click();
  await page.waitForURL((url) => url.pathname === `/account/listings/${ledgerly.id}`);
  const listingUrl = page.url();
  const title = page.getByRole('region', { name: 'Post an update' }).getByLabel('Title');
  await expect(async () => {
    await title.fill('Half-written news');
    await expect(title).toHaveValue('Half-written news', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.evaluate(() => window.history.back());
  await expect.poll(() => asked).toContain('unsaved changes');
  // Stayed: the address is the listing's again, and the text is still there.
  await expect(page).toHaveURL(listingUrl);
  await expect(title).toHaveValue('Half-written news');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ledgerly');

  // Leaving when asked goes back.
  page.once('dialog', (d) => void d.accept());
  await page.evaluate(() => window.history.back());
  await page.waitForURL((url) => url.pathname === '/account/listings');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('My listings');
});

test('the draft editor keeps what was typed when the session ended, and saves it after signing in again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const site = await startFixtureSite('acme');
  try {
    await signIn(page, uniqueEmail('signedout'), '/submit');
    await page.getByLabel("Your product's website").fill(site.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    const form = page.getByRole('form', { name: 'Edit draft' });
    await expect(form).toBeVisible({ timeout: 45_000 });
    const draftUrl = page.url();
    const cookies = await page.context().cookies();
    await page.context().clearCookies(); // signed out in another tab

    // Autosave, then Save draft: both refused in place, nothing typed lost, no trip to the sign-in page.
    const headline = form.getByLabel('Headline', { exact: true });
    await headline.fill('Notes that write themselves');
    const status = page.getByTestId('save-status');
    await expect(status).toContainText('You are signed out, so nothing was saved', { timeout: 10_000 });
    await expect(status.getByRole('link', { name: 'Sign in (opens a new tab)' })).toHaveAttribute('href', '/signin');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(status).toContainText('You are signed out, so nothing was saved');
    expect(page.url()).toBe(draftUrl);
    await expect(headline).toHaveValue('Notes that write themselves');

    // Signed in again: Save draft saves it.
    await page.context().addCookies(cookies);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(status).toContainText('Saved.');
    await page.reload();
    await expect(page.getByRole('form', { name: 'Edit draft' }).getByLabel('Headline', { exact: true })).toHaveValue(
      'Notes that write themselves',
    );
  } finally {
    await site.close();
  }
});
