// The search page while the database protects itself (issue 19 part 2, the pages' face): a search
// past the statement timeout, or one beyond the server's search slots (shared with the API), is
// answered 503 with Retry-After and a "busy" notice in the page, with the words kept in the form; the
// page is not kept, so the same search answers normally once the database is free. On its own server
// (PostgreSQL, a short statement timeout, one search slot that neither face waits for): a lock on the search's
// lexeme counts (search_lexemes), held by the test, keeps a search waiting in the database. Skipped
// when PostgreSQL is unreachable.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { axeFindings } from './support/axe';
import { admin, createDatabase, pgUrl, startServer, stopAndDrop, type Server } from './support/postgres-server';

const dbName = `e2e_busy_${randomBytes(4).toString('hex')}`;
const STATEMENT_TIMEOUT_MS = 2_000;
let server: Server | undefined;
let reachable = false;

/** Runs `during` while a transaction of the test holds search_lexemes locked: every search with words waits. */
function whileSearchesWait(during: () => Promise<void>): Promise<void> {
  return admin(async (sql) => {
    await sql.begin(async (tx) => {
      await tx`lock table search_lexemes in access exclusive mode`;
      await during();
    });
  }, dbName);
}

test.describe('the search page while the database is busy', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    reachable = await createDatabase(dbName);
    if (!reachable) return;
    server = await startServer(dbName, {
      DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      SEARCH_CONCURRENCY: '1',
      SEARCH_QUEUE_WAIT_MS: '0',
      SEARCH_PAGE_QUEUE_WAIT_MS: '0',
    });
  });

  test.afterAll(async () => {
    if (reachable) await stopAndDrop([server], dbName);
  });

  test('a search past the statement timeout: 503, Retry-After, a notice to try again; then the results', async ({
    page,
  }) => {
    test.skip(!reachable, `PostgreSQL is not reachable at ${pgUrl}: this test needs it`);
    test.setTimeout(60_000);
    const url = `${server!.url}/search?q=ledger&sort=votes`;
    await whileSearchesWait(async () => {
      const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      const html = await res.text();
      expect(html).toContain('Search is busy right now');
      expect(html).not.toContain('Ledgerly');

      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const shown = await page.goto(url);
        expect(shown?.status()).toBe(503);
        await expect(page.getByTestId('search-busy')).toContainText('Search is busy right now');
        await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue('ledger'); // the words kept
        await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('votes');
        expect(await axeFindings(page, `busy search page ${width}px`)).toEqual([]);
      }
    });
    // The database is free again: the same page (not kept while busy) shows the results, by keyboard.
    const tryAgain = page.getByRole('link', { name: 'Try again' });
    await tryAgain.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Search results' })).toContainText('Ledgerly');
    expect((await fetch(url)).status).toBe(200);
  });

  test("a search beyond the server's search slots, one taken by the API: 503 at once", async () => {
    test.skip(!reachable, `PostgreSQL is not reachable at ${pgUrl}: this test needs it`);
    test.setTimeout(60_000);
    const pageUrl = `${server!.url}/search?q=budget`;
    await whileSearchesWait(async () => {
      let apiDone = false;
      const api = fetch(`${server!.url}/api/v1/listings?q=invoice`).then((r) => {
        apiDone = true;
        return r.status;
      });
      // The API's search holds the one slot once it waits in the database for the lock.
      await expect
        .poll(
          async () =>
            (
              await admin(
                (sql) => sql`select count(*)::int as n from pg_stat_activity
                where datname = ${dbName} and wait_event_type = 'Lock' and state = 'active'`,
              )
            )[0].n, // a connection of its own: a transaction sees one snapshot of pg_stat_activity
          { timeout: 5_000 },
        )
        .toBeGreaterThan(0);
      const res = await fetch(pageUrl);
      expect(apiDone).toBe(false); // answered while the API's search still held the slot
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.text()).toContain('Search is busy right now');
      await api;
    });
    const res = await fetch(pageUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Budgetbee');
  });
});
