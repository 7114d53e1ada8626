// An owner buys a paid launch for next week in Chromium (the test-mode provider): the listing page's
// "Buy a paid launch" → the checkout page (billing re-prices, PayPal) → the receipt → get_order says
// paid and fulfilled → the listing is scheduled for that week.
import { expect, test, type Page } from '@playwright/test';
import { startFixtureSite } from '../test/support/fixture-sites';
import { signIn, uniqueEmail } from './support/sign-in';

/** The ISO week after the current one (weeks start Monday 00:00 UTC). */
function nextIsoWeek(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 7));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const week = Math.ceil(((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** A new account drafts the fixture site and submits it: the listing's id. */
async function submittedListing(page: Page, who: string, fixture: string): Promise<string> {
  const site = await startFixtureSite(fixture);
  try {
    await signIn(page, uniqueEmail(who), '/submit');
    await page.getByLabel("Your product's website").fill(site.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 60_000 });
  } finally {
    await site.close();
  }
  await page.getByRole('button', { name: 'Submit listing' }).click();
  return (await page.getByTestId('listing-id').textContent())!.replace('#', '');
}

test('an owner buys a paid launch for next week and pays with PayPal in test mode', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const listingId = await submittedListing(page, 'buyer', 'acme');

  // The listing page: Buy a paid launch for next week.
  const week = nextIsoWeek();
  await page.goto(`/account/listings/${listingId}`);
  const buy = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Paid launch' }) });
  // The weeks in time order, "Now" first; next week chosen until the owner chooses.
  const weekMenu = buy.getByLabel('Launch week');
  await expect(weekMenu.locator('option').first()).toHaveAttribute('value', 'now');
  await expect(weekMenu).toHaveValue(week);
  await weekMenu.selectOption(week);
  await buy.getByRole('button', { name: /Buy a paid launch/ }).click();

  // The checkout page: test mode, billing details re-price, the four ways to pay.
  await page.waitForURL(/\/checkout\/PD-[0-9A-Z]{4}-[0-9A-Z]{4}\?t=/);
  const number = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  // Without the link's token (get_order's checkout_url), a signed-out visitor is asked to sign in first.
  const signedOut = await request.get(`/checkout/${number}`, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(307);
  expect(signedOut.headers().location).toContain(`/signin?callbackUrl=${encodeURIComponent(`/checkout/${number}`)}`);
  await expect(page.getByRole('note')).toContainText('Test mode');
  await expect(page.getByTestId('order-total')).toHaveText('$49.00');
  // Pay waits for a saved country (it decides the VAT), and the page says which button saves it.
  const payHint = page.getByText('Pay opens once it is saved', { exact: false });
  await expect(page.getByRole('button', { name: /^Pay / })).toBeDisabled();
  await expect(payHint).toContainText('press “Save and update the total”');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Name or company (optional)').fill('Acme GmbH');
  // An address on two lines saves as it is typed (it stayed "not saved" and Pay never opened).
  await page.getByLabel('Address (optional)').fill('Invalidenstraße 1\n10115 Berlin');
  // A VAT number typed in lower case with spaces is saved cleaned up, and the form shows it so (as typed,
  // it read "not saved yet" and Pay stayed shut).
  await page.getByLabel('VAT number (optional)').fill('de 136 695 976');
  await page.getByRole('button', { name: 'Save and update the total' }).click();
  await expect(page.getByText('Billing details saved')).toBeVisible();
  await expect(page.getByLabel('VAT number (optional)')).toHaveValue('DE136695976');
  await expect(page.getByTestId('billing-unsaved')).toHaveCount(0);
  await expect(page.getByTestId('vat-amount')).toHaveText('$9.31');
  await expect(page.getByTestId('order-total')).toHaveText('$58.31');
  await expect(payHint).toHaveCount(0);
  // A country changed but not saved: Pay waits (it was paid at the saved country's VAT), and says why.
  const pay = page.getByRole('button', { name: 'Pay $58.31 (test mode)' });
  await page.getByLabel('Country').selectOption('FR');
  await expect(page.getByTestId('billing-unsaved')).toBeVisible();
  await expect(page.getByText('Billing details saved')).toHaveCount(0);
  await expect(pay).toBeDisabled();
  await expect(page.getByTestId('pay-waits')).toBeVisible();
  await page.getByLabel('Country').selectOption('DE');
  await expect(pay).toBeEnabled();
  await expect(page.getByTestId('pay-waits')).toHaveCount(0);
  for (const method of ['Card', 'Apple Pay / Google Pay', 'PayPal', /Crypto/])
    await expect(page.getByRole('radio', { name: method })).toBeVisible();
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Pay $58.31 (test mode)' }).click();

  // The receipt.
  await page.waitForURL(new RegExp(`/account/orders/${number}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Receipt ${number}`);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the listing' })).toHaveAttribute(
    'href',
    `/account/listings/${listingId}`,
  );
  await expect(page.getByTestId('order-status')).toContainText('Paid');
  await expect(page.getByTestId('order-status')).toContainText('PayPal');
  // Weeks are named as on the rest of the site ("Week 50, 2026"), not as ISO codes.
  const [year, weekNo] = week.split('-W');
  await expect(page.getByTestId('line-0-fulfilment')).toContainText(
    `scheduled to launch in Week ${Number(weekNo)}, ${year}`,
  );
  await expect(page.getByText('VAT 19 % (Germany)')).toBeVisible();
  await expect(page.getByTestId('seller')).toContainText('Directory Ops GmbH');
  await expect(page.getByTestId('seller')).toContainText('10115 Berlin');

  // get_order with an API key: paid, the line fulfilled, the listing scheduled for that week.
  await page.goto('/account/api-keys');
  await page.getByLabel('Name').fill('Orders check');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  const res = await request.get(`/api/v1/orders/${number}`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(200);
  const order = await res.json();
  expect(order).toMatchObject({ number, status: 'paid', total_cents: 5831, vat: { country: 'DE', rate_bp: 1900 } });
  expect(order.lines[0]).toMatchObject({
    product: 'launch',
    listing_id: Number(listingId),
    fulfilled: true,
    fulfilment: { status: 'scheduled', plan: 'paid', launch_week: week },
  });

  // The listing page no longer offers a paid launch.
  await page.goto(`/account/listings/${listingId}`);
  await expect(page.getByRole('button', { name: /Buy a paid launch/ })).toHaveCount(0);

  // The site team refunds it: it asks first, then says so; the buyer's receipt tells the line was refunded.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@example.com', `/admin/orders?order=${number}`);
  await admin.getByText('Refund $58.31', { exact: true }).click();
  await admin.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(admin.getByRole('status').filter({ hasText: /Refunded/ })).toBeVisible();
  await admin.context().close();
  await page.goto(`/account/orders/${number}`);
  await expect(page.getByTestId('line-0-fulfilment')).toContainText('Refunded');
});

test('an owner buys the milestones section and a featured placement from the listing page', async ({ page }) => {
  test.setTimeout(180_000);
  // Notiz, not Acme: the launch spec finds Acme's row in its launch week.
  const listingId = await submittedListing(page, 'promoter', 'notiz');
  await page.goto(`/account/listings/${listingId}`);

  // Milestones are hidden on a free listing: the section sells them, paid on the checkout page.
  const milestones = page.getByRole('region', { name: 'Milestones' });
  await milestones.getByRole('button', { name: /Show them on my page \(\$19\.00 excl\. VAT\)/ }).click();
  await page.waitForURL(/\/checkout\/PD-[0-9A-Z]{4}-[0-9A-Z]{4}\?t=/);
  await expect(page.getByTestId('line-0-description')).toContainText('Milestones section');
  // The page takes a promo code (there was no field for one); a wrong one is refused at the field.
  await page.getByLabel('Promo code (optional)').fill('NOPE-NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('#promo-code-error')).toContainText('There is no such promo code');
  await expect(page.getByLabel('Promo code (optional)')).toHaveValue('NOPE-NOT-A-CODE');
  await expect(page.getByTestId('order-total')).toHaveText('$19.00');
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Save and update the total' }).click();
  await expect(page.getByText('Billing details saved')).toBeVisible();
  // A code typed but not applied holds Pay back (it would have charged the full price); cleared, Pay opens.
  await expect(page.getByTestId('pay-waits-promo')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay \$19\.00/ })).toBeDisabled();
  await page.getByLabel('Promo code (optional)').fill('');
  await expect(page.getByTestId('pay-waits-promo')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: /^Pay \$19\.00/ }).click();
  await page.waitForURL(/\/account\/orders\/PD-/);
  // The orders list tells what each order bought and for which listing.
  await page.goto('/account/orders');
  await expect(page.getByTestId('order-lines').first()).toContainText('Milestones section · for');
  await page.goto(`/account/listings/${listingId}`);
  await expect(milestones).toContainText('shown on your public listing page');
  await expect(milestones.getByRole('button', { name: /Show them on my page/ })).toHaveCount(0);

  // A featured placement once the listing has a launch: nothing chosen is refused by name; then checkout.
  await page.getByRole('region', { name: 'Launch' }).getByRole('button', { name: 'Launch for free' }).click();
  await expect(page.getByTestId('choose-free-status')).toContainText('Free launch reserved');
  const featured = page.getByRole('form', { name: 'Feature this listing' });
  const checked = featured.getByRole('checkbox', { checked: true });
  while ((await checked.count()) > 0) await checked.first().uncheck();
  const total = featured.getByTestId('featured-total');
  await expect(total).toHaveText('Choose at least one week and one category.');
  await featured.getByRole('button', { name: /Feature it/ }).click();
  // Both refusals at once (the weeks' used to hide the categories' until it was fixed).
  await expect(featured.getByRole('group', { name: /Weeks/ })).toContainText('Choose at least 1.');
  await expect(featured.getByRole('group', { name: /Categories/ })).toContainText('Choose at least 1.');
  await expect(page).toHaveURL(new RegExp(`/account/listings/${listingId}`));
  const weeks = featured.getByRole('group', { name: /Weeks/ }).getByRole('checkbox');
  await weeks.nth(0).check();
  await weeks.nth(1).check();
  await featured
    .getByRole('group', { name: /Categories/ })
    .getByRole('checkbox', { name: 'AI' })
    .check();
  await expect(total).toHaveText('2 weeks × 1 category: 2 placements, $198.00 excl. VAT.');
  // A fourth category is over the limit: the line says so before anything is sent.
  const category = (name: string) =>
    featured
      .getByRole('group', { name: /Categories/ })
      .getByRole('checkbox', { name: new RegExp(`^${name}( \\(your listing’s\\))?$`) });
  for (const name of ['Design', 'Finance', 'Marketing']) await category(name).check();
  await expect(total).toHaveText('Choose at most 3 categories (4 ticked).');
  for (const name of ['Design', 'Finance', 'Marketing']) await category(name).uncheck();
  await weeks.nth(1).uncheck();
  await expect(total).toHaveText('1 week × 1 category: 1 placement, $99.00 excl. VAT.');
  await featured.getByRole('button', { name: /Feature it/ }).click();
  await page.waitForURL(/\/checkout\/PD-[0-9A-Z]{4}-[0-9A-Z]{4}\?t=/);
  await expect(page.getByTestId('line-0-description')).toContainText('Featured placement');
  await expect(page.getByTestId('line-0-description')).toContainText('categories: AI'); // its name, not a slug
  await expect(page.getByTestId('order-total')).toHaveText('$99.00');
  // The last paid order was billed to the United States: one press fills in and saves those details.
  await expect(page.getByTestId('billing-previous')).toContainText('Your last order was billed to United States');
  await page.getByRole('button', { name: 'Use these details' }).click();
  await expect(page.getByText('Billing details saved')).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByTestId('billing-previous')).toHaveCount(0);
  // The Promote card names what the order holds, so it is not picked again.
  const checkoutUrl = page.url();
  await page.goto(`/account/listings/${listingId}`);
  await expect(page.getByTestId('featured-held')).toContainText(/AI · in order PD-/);
  await expect(weeks.nth(0)).toHaveAccessibleName(/\(bought: AI\)$/);
  await page.goto(checkoutUrl);

  // Cancelling asks first; Esc keeps the order, with the keyboard back on the button.
  const cancel = page.getByText('Cancel this order', { exact: true });
  await cancel.click();
  await expect(page.getByRole('button', { name: 'Yes, cancel the order' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Yes, cancel the order' })).toBeHidden();
  await expect(page.locator('summary', { hasText: 'Cancel this order' })).toBeFocused();
  await cancel.click();
  await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This order is cancelled' })).toBeVisible();
  await page.goto(`/account/listings/${listingId}`);
  await expect(page.getByTestId('featured-held')).toHaveCount(0);
});

test('an owner bids for the home page billboard from a live listing’s page', async ({ page }) => {
  const found = await (await page.request.get('/api/v1/listings?q=Ledgerly')).json();
  const ledgerly = found.items.find((i: { name: string }) => i.name === 'Ledgerly');
  await signIn(page, 'founder@example.com', `/account/listings/${ledgerly.id}`);
  const bid = page.getByRole('form', { name: 'Bid for the home page billboard' });
  await bid.getByLabel(/Your bid/).fill('lots');
  await bid.getByRole('button', { name: 'Bid for the billboard' }).click();
  await expect(bid.getByText('Enter your bid in dollars')).toBeVisible();
  await bid.getByLabel(/Your bid/).fill('150');
  await bid.getByRole('button', { name: 'Bid for the billboard' }).click();
  await expect(bid.getByText('At least $199.00')).toBeVisible();
  // Read as text: 256.29 × 100 is not a whole number in floating point (it was refused).
  await bid.getByLabel(/Your bid/).fill('256.29');
  await bid.getByRole('button', { name: 'Bid for the billboard' }).click();
  await page.waitForURL(/\/checkout\/PD-[0-9A-Z]{4}-[0-9A-Z]{4}\?t=/);
  await expect(page.getByTestId('line-0-description')).toContainText('Homepage billboard');
  await expect(page.getByTestId('order-total')).toHaveText('$256.29');
});

test('a promo code that covers the whole order: nothing to pay, one button completes it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The site team makes a code worth 100 %.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@example.com', '/admin/promo-codes');
  const form = adminPage.getByRole('form', { name: 'New promo code' });
  const code = `FREE${Date.now().toString(36).toUpperCase()}`;
  await form.getByLabel('Code (matched exactly as typed)').fill(code);
  await form.getByLabel('Value (percent, or cents)').fill('100');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(adminPage.getByText(code, { exact: true })).toBeVisible();
  await admin.close();

  const listingId = await submittedListing(page, 'freebie', 'notiz');
  await page.goto(`/account/listings/${listingId}`);
  await page
    .getByRole('region', { name: 'Milestones' })
    .getByRole('button', { name: /Show them on my page/ })
    .click();
  await page.waitForURL(/\/checkout\/PD-/);
  await page.getByLabel('Promo code (optional)').fill(code);
  await page.getByLabel('Promo code (optional)').press('Enter'); // by keyboard: the focus stays with the field
  await expect(page.getByTestId('order-total')).toHaveText('$0.00');
  await expect(page.getByLabel('Promo code (optional)')).toBeFocused();
  await page.getByLabel('Country').selectOption('DE');
  await page.getByRole('button', { name: 'Save and update the total' }).click();
  await expect(page.getByText('Billing details saved')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$0.00');
  // No way to pay to choose: the code covers it all.
  await expect(page.getByText('There is nothing to pay: the promo code covers the whole order.')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('button', { name: 'Complete the order' }).click();
  await page.waitForURL(/\/account\/orders\/PD-/);
  await expect(page.getByTestId('order-status')).toContainText('nothing to pay (promo code)');
  await page.goto(`/account/listings/${listingId}`);
  await expect(page.getByRole('region', { name: 'Milestones' })).toContainText('shown on your public listing page');
});
