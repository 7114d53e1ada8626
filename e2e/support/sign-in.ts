// Signs a browser page in the way a person does: ask for a magic link, open it from the dev mailbox.
// Needs the server to run with DEV_MAILBOX=1 (playwright.config.ts sets it).
import { expect, type Page } from '@playwright/test';

/** A fresh address per call keeps tests independent (each gets a new account). */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Signs `page` in as `email` (creating the account on first sign-in) and lands on `callbackPath`. */
export async function signIn(page: Page, email: string, callbackPath = '/account'): Promise<void> {
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole('article', { name: 'Sign in to Product Directory' }).first();
  await expect(mail).toBeVisible();
  const link = mail.getByRole('link', { name: /\/api\/auth\/callback\// });
  await link.click();
  await page.waitForURL((url) => url.pathname === callbackPath.split('?')[0]);
  await expect(page.getByLabel('Account menu')).toBeVisible();
}
