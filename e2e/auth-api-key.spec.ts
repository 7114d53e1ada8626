// Journey: sign in through the mailbox link, create an API key on the page, call the API with it,
// revoke it and see the API refuse it.
import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './support/sign-in';

test('sign in by magic link, create an API key, call GET /api/v1/me, revoke it', async ({ page, request }) => {
  const email = uniqueEmail('keys');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email).first()).toBeVisible(); // the header menu shows only the initial

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  // Validation is shown inline: no scope chosen.
  await page.getByLabel('Name').fill('E2E script');
  await page.getByRole('checkbox', { name: /account:read/ }).uncheck();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Choose at least one scope.')).toBeVisible();

  await page.getByLabel('Name').fill('E2E script');
  await page.getByRole('checkbox', { name: /account:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const notice = page.getByRole('status', { name: 'New API key' });
  await expect(notice).toBeVisible();
  const key = (await notice.getByTestId('new-api-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^pld_/);

  const row = page.getByTestId('api-key-row').filter({ hasText: 'E2E script' });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('account:read');
  await expect(row).toContainText('Never');

  const me = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);
  const body = await me.json();
  expect(body.email).toBe(email);
  expect(body.auth).toEqual({ kind: 'api_key', scopes: ['account:read'], credential_name: 'E2E script' });

  // The list shows the key as used once the page is refreshed.
  await page.reload();
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: 'Revoke E2E script' }).click();
  await row.getByRole('button', { name: 'Confirm revoking E2E script' }).click();
  await expect(row).toContainText('Revoked');

  const after = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
  expect(after.headers()['content-type']).toContain('application/problem+json');
});

test('signed-out visitors are sent to sign in and come back to the API keys page', async ({ page }) => {
  await page.goto('/account/api-keys');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Faccount%2Fapi-keys/);
  const email = uniqueEmail('return');
  await signIn(page, email, '/account/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  await page.getByLabel('Account menu').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin/);
});

test('the sign-in form refuses a malformed address inline', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});
