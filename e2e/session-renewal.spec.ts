// A signed-in visitor's session is extended by the pages they read, once a day, as Auth.js extends it
// when it reads a session: in the database and in the cookie, 30 days from now. A cached page never
// reaches Auth.js, and Auth.js reading a session in a server component cannot set the cookie, so the
// front door and the proxy do it (lib/site/page-cache.ts visitorSession). On its own server
// (PostgreSQL): the test ages the session as if the last visit were ten days ago. Skipped when
// PostgreSQL is unreachable.
import { randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext } from '@playwright/test';
import { signIn, uniqueEmail } from './support/sign-in';
import { admin, createDatabase, pgUrl, startServer, stopAndDrop, type Server } from './support/postgres-server';

const dbName = `e2e_session_${randomBytes(4).toString('hex')}`;
const DAY_S = 86_400;
let server: Server | undefined;
let reachable = false;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  reachable = await createDatabase(dbName);
  if (reachable) server = await startServer(dbName);
});

test.afterAll(async () => {
  if (reachable) await stopAndDrop([server], dbName);
});

const sessionCookieOf = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'authjs.session-token' && c.value)!;

const sessionExpiry = async (token: string) =>
  admin(async (sql) => {
    const [row] = await sql<{ expires: Date }[]>`select expires from sessions where session_token = ${token}`;
    return row.expires.getTime() / 1000;
  }, dbName);

/** As if the visitor last came ten days ago: the session, and its cookie, have 20 days left. */
async function ageSession(context: BrowserContext) {
  const cookie = await sessionCookieOf(context);
  await admin(
    (sql) => sql`update sessions set expires = now() + interval '20 days' where session_token = ${cookie.value}`,
    dbName,
  );
  await context.addCookies([{ ...cookie, expires: Date.now() / 1000 + 20 * DAY_S }]);
  return cookie.value;
}

test('the pages a signed-in visitor reads extend their session once a day, cached pages included', async ({
  browser,
}) => {
  test.skip(!reachable, `PostgreSQL is not reachable at ${pgUrl}: this test needs it`);
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server!.url });
  const page = await context.newPage();
  await signIn(page, uniqueEmail('session-renewal'), '/account');
  const in30Days = () => Date.now() / 1000 + 29.9 * DAY_S;

  // A cached page: served for no one, with the visitor's account put in.
  const token = await ageSession(context);
  const cached = await page.goto('/leaderboard');
  expect(cached?.headers()['x-page-cache']).toBe('hit');
  expect(await cached?.headerValue('set-cookie')).toMatch(/^authjs\.session-token=[^;]+; Path=\/; Expires=/);
  expect((await sessionCookieOf(context)).expires).toBeGreaterThan(in30Days());
  expect(await sessionExpiry(token)).toBeGreaterThan(in30Days());
  await expect(page.getByRole('banner').getByLabel('Account menu')).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 20_000 }); // the page settles: nothing asked again and again

  // Extended within the day: the next page leaves it.
  const next = await page.goto('/');
  expect(await next?.headerValue('set-cookie')).toBeNull();

  // A page Next renders for the person (their account page) extends it the same way.
  await ageSession(context);
  const own = await page.goto('/account');
  expect(own?.headers()['x-page-cache']).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await sessionCookieOf(context)).expires).toBeGreaterThan(in30Days());
  expect(await sessionExpiry(token)).toBeGreaterThan(in30Days());
  await page.waitForLoadState('networkidle', { timeout: 20_000 });
  await context.close();
});
