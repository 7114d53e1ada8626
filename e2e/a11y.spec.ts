// WCAG 2.2 AA by axe on every page of the site, signed out and signed in (docs/decisions.md#usability-and-robustness).
// The list of visits is keyed by page file: a new app/**/page.tsx without a visit here fails the
// first test, so every page a later change adds is checked too. Only serious and critical
// findings fail; the rule set is wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFixtureSite } from '../test/support/fixture-sites';
import { axeFindings } from './support/axe';
import { signIn, uniqueEmail } from './support/sign-in';

/** What the dynamic routes need: real rows, so each page shows its content rather than a 404. */
type Data = {
  product: string;
  category: string;
  week: string;
  founder: string;
  story: string;
  draft: string;
  invite: string;
  order: string;
  checkout: string;
  listing: string;
};

/** Every page file, and the URL that shows it. */
const PAGES: Record<string, (d: Data) => string> = {
  'app/(site)/page.tsx': () => '/',
  'app/(site)/search/page.tsx': (d) => `/search?q=${encodeURIComponent(d.product.slice(0, 4))}`,
  'app/(site)/p/[slug]/page.tsx': (d) => `/p/${d.product}`,
  'app/(site)/p/[slug]/story/page.tsx': (d) => `/p/${d.story}/story`,
  'app/(site)/c/[slug]/page.tsx': (d) => `/c/${d.category}`,
  'app/(site)/categories/page.tsx': () => '/categories',
  'app/(site)/founders/[slug]/page.tsx': (d) => `/founders/${d.founder}`,
  'app/(site)/interview/page.tsx': () => '/interview',
  'app/(site)/leaderboard/page.tsx': () => '/leaderboard',
  'app/(site)/leaderboard/[week]/page.tsx': (d) => `/leaderboard/${d.week}`,
  'app/(site)/pricing/page.tsx': () => '/pricing',
  'app/(site)/updates/page.tsx': () => '/updates',
  'app/(site)/upcoming/page.tsx': () => '/upcoming',
  'app/(site)/bad-request/page.tsx': () => '/bad-request',
  'app/(account)/account/page.tsx': () => '/account',
  'app/(account)/account/api-keys/page.tsx': () => '/account/api-keys',
  'app/(account)/account/connected-apps/page.tsx': () => '/account/connected-apps',
  'app/(account)/account/profile/page.tsx': () => '/account/profile',
  'app/(account)/account/interview/page.tsx': () => '/account/interview',
  'app/(account)/account/listings/page.tsx': () => '/account/listings',
  'app/(account)/account/listings/[id]/page.tsx': (d) => `/account/listings/${d.listing}`,
  'app/(account)/drafts/page.tsx': () => '/drafts',
  'app/(account)/drafts/[id]/page.tsx': (d) => `/drafts/${d.draft}`,
  'app/(account)/submit/page.tsx': () => '/submit',
  'app/dev/mailbox/page.tsx': () => '/dev/mailbox',
  'app/docs/api/page.tsx': () => '/docs/api',
  'app/invites/[token]/page.tsx': (d) => `/invites/${d.invite}`,
  'app/signin/page.tsx': () => '/signin',
  'app/signin/check-email/page.tsx': () => '/signin/check-email',
  'app/signout/page.tsx': () => '/signout',
  'app/admin/page.tsx': () => '/admin',
  'app/admin/edits/page.tsx': () => '/admin/edits',
  'app/admin/listings/page.tsx': () => '/admin/listings',
  // An unknown link (its "not valid" state); the confirm and done states are checked in listing-updates.spec.ts.
  'app/unsubscribe/[token]/page.tsx': () => '/unsubscribe/00000000-0000-0000-0000-000000000000',
  'app/checkout/[number]/page.tsx': (d) => d.checkout,
  'app/(account)/account/orders/page.tsx': () => '/account/orders',
  'app/(account)/account/following/page.tsx': () => '/account/following',
  'app/(account)/account/orders/[number]/page.tsx': (d) => `/account/orders/${d.order}`,
  'app/admin/products/page.tsx': () => '/admin/products',
  'app/admin/promo-codes/page.tsx': () => '/admin/promo-codes',
  'app/admin/orders/page.tsx': (d) => `/admin/orders?order=${d.order}`,
  'app/admin/launches/page.tsx': () => '/admin/launches',
};

/** The site team's pages (app/admin/): the 404 page for the member and the visitor; an admin visits them too. */
const siteTeamOnly = (file: string) => file.startsWith('app/admin/');
const statusFor = (file: string) => (siteTeamOnly(file) ? 404 : 200);

function pageFiles(dir = 'app'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.posix.join(dir, e.name);
    return e.isDirectory() ? pageFiles(full) : e.name === 'page.tsx' ? [full] : [];
  });
}

test('every page file has an axe visit', () => {
  const files = pageFiles().sort();
  expect(files.length).toBeGreaterThan(20);
  expect(files, 'add the new page to PAGES in e2e/a11y.spec.ts').toEqual(Object.keys(PAGES).sort());
});

/** Opens `url` (expecting it to show its content: 200, after any redirect to sign-in) and runs axe. */
async function visit(page: Page, url: string, findings: string[], label: string, status = 200) {
  const res = await page.goto(url);
  expect(res?.status(), `${label} ${url}`).toBe(status);
  await page.waitForLoadState('networkidle');
  findings.push(...(await axeFindings(page, `${label} ${url} → ${new URL(page.url()).pathname}`)));
}

/** A consent request from a freshly registered OAuth client (the consent page is a route, not a page file). */
async function consentUrl(page: Page, baseURL: string): Promise<string> {
  const res = await page.request.post('/oauth/register', {
    data: { client_name: 'Axe Agent', redirect_uris: ['https://agent.example/callback'] },
  });
  const client = await res.json();
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: 'https://agent.example/callback',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'account:read listings:write',
    resource: `${baseURL}/mcp`,
  });
  return `/oauth/authorize?${q}`;
}

test('no serious or critical WCAG 2.2 AA violation on any page, signed in and signed out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(720_000); // three passes over every page, an order bought on the way, and the admin pass (8 min was not enough on CI)
  await page.setViewportSize({ width: 1280, height: 900 });
  const listings = await (await page.request.get('/api/v1/listings?per_page=1')).json();
  const categories = await (await page.request.get('/api/v1/categories')).json();
  const board = await (await page.request.get('/api/v1/leaderboards/community-weekly')).json();
  // The seed gives Ledgerly a founder profile and a published story.
  const data: Data = {
    product: listings.items[0].slug,
    category: categories.items[0].slug,
    week: board.week,
    founder: 'demo-founder',
    story: 'ledgerly',
    draft: '',
    invite: '',
    order: '',
    checkout: '',
    listing: '',
  };

  // Signed in: a draft built from a fixture site, with a co-founder invite sent from its editor.
  // A slow site, so the draft page is also checked while it shows the build's progress.
  const site = await startFixtureSite('acme', { delayMs: 700 });
  const cofounder = uniqueEmail('axe-cofounder');
  const findings: string[] = [];
  try {
    await signIn(page, uniqueEmail('axe'), '/submit');
    await page.getByLabel("Your product's website").fill(site.url);
    await page.getByRole('button', { name: 'Draft my listing' }).click();
    await expect(page.getByRole('progressbar', { name: 'Draft progress' })).toBeVisible();
    findings.push(...(await axeFindings(page, 'signed in draft progress')));
    await expect(page.getByRole('form', { name: 'Edit draft' })).toBeVisible({ timeout: 60_000 });
    data.draft = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByLabel("Co-founder's email").fill(cofounder);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByText(`Invite sent to ${cofounder}`)).toBeVisible();
    // Submitted, so the owner's listing pages have a listing to show.
    await page.getByRole('button', { name: 'Submit listing' }).click();
    await expect(page.getByTestId('submit-success')).toBeVisible();
    data.listing = (await page.getByTestId('listing-id').textContent())!.replace('#', '');
  } finally {
    await site.close();
  }
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(cofounder)}`);
  const link = await page
    .getByRole('link', { name: /\/invites\// })
    .first()
    .getAttribute('href');
  data.invite = new URL(link!).pathname.split('/').pop()!;

  // A pending order, for the checkout and receipt pages: a paid launch chosen for the submitted listing.
  await page.goto(`/account/listings/${data.listing}`);
  await page.getByRole('button', { name: /Buy a paid launch/ }).click();
  await page.waitForURL(/\/checkout\/PD-/);
  const checkout = new URL(page.url());
  data.checkout = `${checkout.pathname}${checkout.search}`;
  data.order = checkout.pathname.split('/').pop()!;

  for (const [file, url] of Object.entries(PAGES))
    await visit(page, url(data), findings, `signed in ${file}`, statusFor(file));
  await visit(page, await consentUrl(page, baseURL!), findings, 'signed in OAuth consent');
  await expect(page.getByRole('button', { name: 'Allow access' })).toBeVisible();
  await visit(page, '/no-such-page', findings, 'signed in 404', 404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Signed out, at phone and desktop widths (account pages send the visitor to sign in).
  const context = await browser.newContext();
  const visitor = await context.newPage();
  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    for (const [file, url] of Object.entries(PAGES))
      await visit(visitor, url(data), findings, `signed out ${width}px ${file}`, statusFor(file));
    await visit(visitor, await consentUrl(visitor, baseURL!), findings, `signed out ${width}px OAuth consent`);
    await visit(visitor, '/no-such-page', findings, `signed out ${width}px 404`, 404);
  }
  await context.close();

  // The site team (the seeded admin), at phone and desktop widths.
  const team = await browser.newContext();
  const admin = await team.newPage();
  await signIn(admin, 'admin@example.com', '/admin');
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    for (const [file, url] of Object.entries(PAGES).filter(([f]) => siteTeamOnly(f)))
      await visit(admin, url(data), findings, `site team ${width}px ${file}`);
  }
  await team.close();
  expect(findings).toEqual([]);
});

test('on a phone, the account navigation shows the current page’s tab', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, uniqueEmail('nav'), '/account/connected-apps');
  const tab = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Connected apps' });
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(async () => {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }).toPass({ timeout: 5_000 });
});
