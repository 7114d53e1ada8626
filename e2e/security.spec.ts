// Security of the pages in Chromium (docs/security.md): the nonce CSP lets the site's own scripts run and
// reports no violation; the API docs load nothing from another origin; sign-in never sends a
// signed-in user off-site; a notice in the URL cannot put free text on a product page.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './support/sign-in';

/** Collects CSP violations (console and DOM event) and every request URL the page makes. */
function watch(page: Page) {
  const violations: string[] = [];
  const requests: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text()))
      violations.push(msg.text());
  });
  page.on('request', (req) => requests.push(req.url()));
  return { violations, requests };
}

async function visit(page: Page, path: string) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const res = await page.goto(path);
  await page.waitForLoadState('networkidle');
  return res!;
}

async function aProductSlug(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/listings?per_page=1');
  const body = await res.json();
  return body.items[0].slug as string;
}

test('pages carry a nonce CSP and run their scripts without a violation', async ({ page, baseURL }) => {
  const seen = watch(page);
  const slug = await aProductSlug(page);
  for (const path of ['/', `/p/${slug}`, '/docs/api', '/signin']) {
    const res = await visit(page, path);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    // Next put the response's nonce on every script of the HTML it sent (scripts those load later
    // are trusted through 'strict-dynamic'); JSON-LD and other data blocks are not scripts to CSP.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const tags = ((await res.text()).match(/<script\b[^>]*>/g) ?? []).filter(
      (t) => !/type="(?!text\/javascript|module)[^"]*"/.test(t),
    );
    expect(tags.length, path).toBeGreaterThan(0);
    expect(
      tags.filter((t) => !t.includes(`nonce="${nonce}"`)),
      path,
    ).toEqual([]);
    // React hydrated the page (its scripts ran under the CSP). Polled: on a busy machine hydration can
    // finish after the network went idle.
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith('__react'))), {
        message: path,
      })
      .toBe(true);
  }
  // The API reference rendered (on the server, from the OpenAPI document) and asked no other origin for anything.
  await visit(page, '/docs/api');
  await expect(page.getByText('get_account').or(page.getByText('/me')).first()).toBeVisible();
  const offOrigin = seen.requests.filter(
    (u) => !u.startsWith(baseURL!) && !u.startsWith('data:') && !u.startsWith('blob:'),
  );
  expect(offOrigin).toEqual([]);
  expect(seen.violations).toEqual([]);
});

test("a badge and a founder's photo keep their own stricter policy, not the pages'", async ({ request }) => {
  const found = await (await request.get('/api/v1/listings?q=Ledgerly')).json();
  const slug = found.items.find((i: { name: string }) => i.name === 'Ledgerly').slug;
  const badge = await request.get(`/badges/${slug}`);
  expect(badge.status()).toBe(200);
  expect(badge.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  const photo = await request.get('/founders/demo-founder/photo'); // the seed's demo founder has one
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
});

test('signed in: the consent page and sign-in callbacks stay on the site', async ({ page, baseURL }) => {
  const seen = watch(page);
  await signIn(page, uniqueEmail('sec'));
  // A tab in the callback is dropped by the browser: "/\t/evil.example" would be "//evil.example".
  await page.goto('/signin?callbackUrl=%2F%09%2Fevil.example');
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).origin).toBe(baseURL);

  const registered = await page.request.post('/oauth/register', {
    data: { client_name: 'CSP Agent', redirect_uris: ['https://agent.example/callback'] },
  });
  const client = await registered.json();
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: 'https://agent.example/callback',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${baseURL}/mcp`,
  });
  await visit(page, `/oauth/authorize?${query}`);
  await expect(page.getByRole('button', { name: 'Allow access' })).toBeVisible();
  expect(seen.violations).toEqual([]);
});

test('a notice in the URL shows only a fixed text for a known code', async ({ page }) => {
  const slug = await aProductSlug(page);
  await page.goto(`/p/${slug}?notice=${encodeURIComponent('ACTION REQUIRED: verify your account at evil.example')}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('ACTION REQUIRED')).toHaveCount(0);
  await page.goto(`/p/${slug}?notice=rate_limited`);
  await expect(page.getByRole('status').filter({ hasText: 'Wait a minute' })).toBeVisible();
});

test('the check-email page shows an address only: a link cannot put its own sentence there', async ({ page }) => {
  const spoof = 'team@example.com. Your account was suspended: visit https://evil.example/restore';
  await page.goto(`/signin/check-email?email=${encodeURIComponent(spoof)}`);
  await expect(page.getByRole('main')).toContainText('your address');
  await expect(page.getByRole('main')).not.toContainText('evil.example');
  await page.goto(`/signin/check-email?email=${encodeURIComponent('nina@example.com')}`);
  await expect(page.getByRole('main').locator('strong')).toHaveText('nina@example.com');
});

test('a form post sent by another site is refused with a 403, not run and not a 500', async ({ request, baseURL }) => {
  for (const headers of <Record<string, string>[]>[
    { origin: 'http://evil.example' },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site', origin: 'http://sub.localhost:3100' },
  ]) {
    const res = await request.post('/account/api-keys', { headers: { ...headers, 'next-action': 'x' }, data: 'a=1' });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
    expect(await res.text()).toBe('This form can only be sent from this site.');
  }
  // The address the browser used is ours, whichever name it has (Next prints http://127.0.0.1:…).
  const other = baseURL!.replace('localhost', '127.0.0.1');
  const ours = await request.post(`${other}/account/api-keys`, {
    headers: { origin: other, 'next-action': 'x' },
    data: 'a=1',
  });
  expect(ours.status()).not.toBe(403);
});
