// Issue 18 part 7 against the production server: a server error on a page is the 500 page in
// the site's layout (app/error.tsx), showing a short request id (proxy.ts, components/request-id-meta.tsx)
// that the server's log carries for the same error (instrumentation.ts onRequestError).
// The error is a real one, not a test-only route: this spec starts its own server on a database that
// has lost the table /updates reads (renamed away before the start, as a half-applied migration or a
// manual change would leave it), so the page's query fails in the database. Its own server, because
// the test reads that server's log.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axeFindings } from './support/axe';

const port = Number(process.env.E2E_PORT || 3100) + 50;
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, `.data/e2e-error-${port}-${Date.now()}`);
let server: ChildProcess | undefined;
let log = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const setup = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/broken-database.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (setup.status !== 0) throw new Error(`preparing the database failed:\n${setup.stderr}`);
  // The production server as `npm start` runs it (its preloads, NODE_ENV=production), on the build the
  // suite's web server has just made current (playwright.config.ts): `npm start` itself could decide
  // to build again, into the folder that server is serving from.
  const distDir = process.env.NEXT_DIST_DIR || '.next-e2e';
  server = spawn(
    process.execPath,
    [
      '--import',
      './scripts/socket-address.mjs',
      '--import',
      './scripts/refuse-requests.mjs',
      'node_modules/next/dist/bin/next',
      'start',
      '-p',
      String(port),
      '-H',
      '127.0.0.1',
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        APP_URL: baseURL,
        AUTH_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: '', // the embedded database prepared above
        NEXT_DIST_DIR: distDir,
        AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
      },
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${log}`);
    const up = await fetch(`${baseURL}/api/v1/categories`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

for (const width of [390, 1280]) {
  test(`a server error on a page is the 500 page in the site's layout, with the request id of the server log (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const res = await page.goto('/updates');
    expect(res?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong on our side' })).toBeVisible();
    // The site's layout: the skip link to <main>, the header with its navigation, the footer.
    await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link').first()).toHaveAttribute('href', '/'); // the site's name, home
    await expect(
      header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }),
    ).toBeVisible();
    await expect(page.locator('main#main')).toContainText('Something went wrong on our side');
    await expect(page.getByRole('contentinfo')).toBeVisible();

    const shown = page.getByTestId('request-id');
    await expect(shown).toBeVisible();
    const id = (await shown.textContent())?.trim() ?? '';
    expect(id).toMatch(/^[0-9a-f]{10}$/); // short: 10 hex digits
    // The request's own id (from the layout's <meta>), not the error digest the page falls back to.
    await expect(page.locator('meta[name="request-id"]')).toHaveAttribute('content', id);
    // The same id in the server's log, on the line of this error.
    await expect
      .poll(() => log, { message: `request=${id} in the server log` })
      .toMatch(new RegExp(`\\[request-error\\] request=${id} digest=\\S+ GET /updates:`));
    expect(log).toMatch(/relation "listing_updates" does not exist/);

    expect(await axeFindings(page, `500 page ${width}px`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`500-page-${width}.png`), fullPage: true });
  });
}

test('each request has its own id, and a page that works is untouched', async ({ page }) => {
  const ids = new Set<string>();
  for (let i = 0; i < 2; i++) {
    await page.goto('/updates');
    ids.add((await page.getByTestId('request-id').textContent())?.trim() ?? '');
  }
  expect(ids.size).toBe(2);
  const home = await page.goto('/leaderboard');
  expect(home?.status()).toBe(200);
  await expect(page.getByTestId('request-id')).toHaveCount(0);
});
