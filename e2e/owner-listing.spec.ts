// The demo founder edits a live listing from its page in the account: the new headline is on the
// public product page at once, the change is in the history with before and after, a company fact
// can be applied to the same product on the second site, and a refused value keeps what was typed.
import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

test('a founder edits a live listing and sees it on the public page at once', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'founder@example.com', '/account');

  // The dashboard of a founder with listings offers another product, not a "first step"; it shows
  // three of the four listings and says how many more there are.
  await expect(page.getByTestId('account-first-step')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Submit another product' })).toBeVisible();
  const dashboard = page.getByTestId('account-listings');
  await expect(dashboard.getByRole('listitem')).toHaveCount(3);
  await expect(dashboard).toContainText('and 1 more');
  // The dashboard links to the listings; the list shows status, plan and launch week.
  await dashboard.getByRole('link', { name: 'All my listings' }).click();
  await expect(page).toHaveURL(/\/account\/listings$/);
  const list = page.getByTestId('my-listings');
  await expect(list).toContainText('Ledgerly');
  await expect(list).toContainText('Makers Shelf');
  await list
    .getByRole('listitem')
    .filter({ hasText: 'on Product Directory' })
    .getByRole('link', { name: 'Ledgerly' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ledgerly' })).toBeVisible();
  await expect(page.getByTestId('listing-intro')).toContainText('Live');
  await expect(page.getByTestId('listing-intro').getByRole('link', { name: /\/p\/ledgerly$/ })).toBeVisible();

  // A refused value keeps what was typed, and nothing is saved.
  const headline = page.getByLabel('Headline', { exact: true });
  await headline.fill('Invoices that chase themselves');
  await page.getByLabel('Founded', { exact: true }).fill('19x9');
  const contact = page.getByLabel('Contact email');
  const contactWas = await contact.inputValue();
  await contact.fill('not-an-email');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter a year like 2019.')).toBeVisible();
  // Every refusal at once (the email's came only on the next save, after the year was fixed).
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  // The keyboard is taken to the first field to fix, not left on the button.
  await expect(
    page.locator('form[aria-labelledby="profile-edit-heading"] [aria-invalid="true"]').first(),
  ).toBeFocused();
  await contact.fill(contactWas);
  await expect(page.getByLabel('Founded', { exact: true })).toHaveValue('19x9');
  await expect(headline).toHaveValue('Invoices that chase themselves');

  // Leaving with unsaved changes asks first.
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('link', { name: 'My listings' }).first().click();
  expect(asked).toContain('unsaved changes');
  await expect(page.getByRole('heading', { level: 1, name: 'Ledgerly' })).toBeVisible();

  // Saved: the headline here, headquarters also on the second site.
  await page.getByLabel('Founded', { exact: true }).fill('2018'); // as it was
  await page.getByLabel('Headquarters').fill('Lisbon, Portugal');
  await page.getByLabel(/Makers Shelf/).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const status = page.getByTestId('profile-edit-status');
  // Earlier specs may have added milestones or a story to Ledgerly: those are versions too.
  await expect(status).toContainText(/Saved as version \d+/);
  await expect(status).toContainText('Also applied on Makers Shelf: headquarters');
  const version = /Saved as version (\d+)/.exec((await status.textContent())!)![1];

  const history = page.getByTestId('listing-history');
  await expect(history.getByRole('heading', { name: `Version ${version}`, exact: true })).toBeVisible();
  const row = history.getByRole('row', { name: /Headline/ });
  await expect(row).toContainText('Invoicing and expense tracking for freelancers');
  await expect(row).toContainText('Invoices that chase themselves');
  await expect(history).toContainText('By you on this site');

  await page.goto('/p/ledgerly');
  await expect(page.getByText('Invoices that chase themselves').first()).toBeVisible();
});

test('the listing edit form saves, and refuses keeping what was typed, without JavaScript', async ({
  page,
  browser,
}) => {
  await signIn(page, 'founder@example.com', '/account/listings');
  await page.getByTestId('my-listings').getByRole('link', { name: 'Notiv' }).click();
  await page.waitForURL(/\/account\/listings\/\d+$/);
  const listingUrl = page.url();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(listingUrl);
  // Other specs may have edited or moderated this listing already: count the versions this test adds.
  const versions = plain.getByTestId('listing-history').getByRole('heading', { name: /^Version/ });
  const before = await versions.count();
  await plain.getByLabel('Team size').fill('2-10');
  await plain.getByLabel('Question 1').fill('Does it sync?');
  await plain.getByLabel('Answer 1').fill('Yes, across all your devices.');
  await plain.getByRole('button', { name: 'Save changes' }).click();
  await expect(plain.getByTestId('profile-edit-status')).toContainText('Saved as version');
  await expect(plain.getByLabel('Team size')).toHaveValue('2-10');
  await expect(plain.getByLabel('Question 1')).toHaveValue('Does it sync?');

  await plain.getByLabel('Contact email').fill('not an email');
  await plain.getByLabel('Headquarters').fill('Berlin, Germany');
  await plain.getByRole('button', { name: 'Save changes' }).click();
  await expect(plain.getByText('Must be an email address.')).toBeVisible();
  await expect(plain.getByLabel('Contact email')).toHaveValue('not an email');
  await expect(plain.getByLabel('Headquarters')).toHaveValue('Berlin, Germany');
  await expect(versions).toHaveCount(before + 1);
  await context.close();
});

test('the history shows an edited FAQ as lines, not JSON, and fits a phone', async ({ page }) => {
  const found = await (await page.request.get('/api/v1/listings?q=Notiv')).json();
  const notiv = found.items.find((i: { name: string }) => i.name === 'Notiv');
  await signIn(page, 'founder@example.com', `/account/listings/${notiv.id}`);
  await page.getByLabel('Question 1').fill('Does it work offline?');
  await page.getByLabel('Answer 1').fill('Yes, and it syncs when you are back online.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('profile-edit-status')).toContainText('Saved as version');
  const row = page.getByTestId('listing-history').getByRole('row', { name: /FAQs/ }).first();
  await expect(row).toContainText('question: Does it work offline?');
  await expect(row).not.toContainText('{');
  await page.setViewportSize({ width: 390, height: 844 });
  const table = page.getByTestId('listing-history').getByRole('table').first();
  const region = page.getByTestId('listing-history').getByRole('region').first();
  expect((await table.boundingBox())!.width).toBeLessThanOrEqual((await region.boundingBox())!.width + 1);
});
