// Issue 18 part 6 against the real server (`npm start`): no input gives a 500. Pages answer a
// malformed path escape with the 404 page and a NUL in the query with the 400 page, both in the
// site's layout; the API answers problem+json; TRACE is refused.
import http from 'node:http';
import { expect, test } from '@playwright/test';

const layout = async (body: string) => {
  expect(body).toContain('href="/leaderboard"'); // the site header's navigation
  expect(body).toContain('</footer>');
};

test('a malformed percent-escape in a page path is the 404 page', async ({ request }) => {
  for (const path of ['/p/%E0%A4%A', '/leaderboard/%E0%A4%A', '/c/%E0%A4%A']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    const body = await res.text();
    expect(body).toContain('Page not found');
    await layout(body);
  }
});

test('a NUL in a page query is the 400 page', async ({ request }) => {
  const res = await request.get('/search?q=%00');
  expect(res.status()).toBe(400);
  const body = await res.text();
  expect(body).toContain('This address cannot be read');
  await layout(body);
});

test('a page number past the results served is the last page served, not an error', async ({ request }) => {
  // A category page past the 10,000th result was a 500 (the search refuses such a page).
  for (const path of [
    '/c/productivity?page=501',
    '/c/productivity?page=5000&sort=newest',
    '/search?q=ledger&page=5000',
    '/leaderboard?page=99999',
    '/updates?page=99999',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const body = await res.text();
    await layout(body);
    expect(body, path).toMatch(/Back to page \d/); // the way back to where the list ends
    if (/^\/(c|search)/.test(path)) expect(body, path).toContain('This page is past the last one.');
  }
});

test("the leaderboard pages serve the API's weeks (1900–2199) and link to no week outside them", async ({
  request,
}) => {
  const first = await (await request.get('/leaderboard/1900-W01')).text();
  expect(first).toContain('href="/leaderboard/1900-W02"');
  expect(first).not.toContain('href="/leaderboard/1899-W52"');
  for (const path of ['/leaderboard/1899-W52', '/leaderboard/2200-W01', '/leaderboard/0001-W01']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('Page not found');
  }
  const last = await (await request.get('/leaderboard/2199-W52')).text();
  expect(last).toContain('href="/leaderboard/2199-W51"');
});

test('a category filter naming no category says so: the search page in words, the API with 422', async ({
  request,
}) => {
  const long = 'x'.repeat(100);
  for (const category of ['bogus', long]) {
    const res = await request.get(`/search?q=ledger&category=${category}`);
    expect(res.status()).toBe(200);
    const body = await res.text();
    await layout(body);
    expect(body).toContain(`There is no category “${category}”.`);
    expect(body).not.toContain('No products match');
  }
  const api = await request.get('/api/v1/listings?category=bogus');
  expect(api.status()).toBe(422);
  expect((await api.json()).errors).toEqual([{ path: 'category', message: expect.stringMatching(/list_categories/) }]);
  // Known ones, by slug or by name in any case, still filter.
  for (const category of ['productivity', 'PRODUCTIVITY']) {
    const known = await request.get(`/api/v1/listings?category=${category}&per_page=1`);
    expect(known.status(), category).toBe(200);
    expect((await known.json()).total, category).toBeGreaterThan(0);
  }
});

test('the API answers problem+json: 400 for a malformed escape, 422 for a NUL, 405 with Allow', async ({ request }) => {
  const escape = await request.get('/api/v1/drafts/%E0%A4%A');
  expect(escape.status()).toBe(400);
  expect(escape.headers()['content-type']).toMatch(/^application\/problem\+json/);
  const nul = await request.get('/api/v1/listings?q=%00');
  expect(nul.status()).toBe(422);
  expect((await nul.json()).errors[0].path).toBe('q');
  const del = await request.delete('/api/v1/listings');
  expect(del.status()).toBe(405);
  expect(del.headers()['allow']).toBe('GET, HEAD');
  expect(del.headers()['content-type']).toMatch(/^application\/problem\+json/);
});

test('TRACE is refused', async ({ baseURL }) => {
  // fetch cannot send TRACE: a raw HTTP request.
  const status = await new Promise<{ code: number; allow: string }>((resolve, reject) => {
    const req = http.request(`${baseURL}/`, { method: 'TRACE' }, (res) => {
      res.resume();
      resolve({ code: res.statusCode ?? 0, allow: String(res.headers.allow ?? '') });
    });
    req.on('error', reject);
    req.end();
  });
  expect(status.code).toBe(405);
  expect(status.allow).not.toContain('TRACE');
});

test('every page carries its own short request id for the 500 page to show', async ({ request }) => {
  const idOf = async () =>
    /<meta name="request-id" content="([0-9a-f]{10})"/.exec(await (await request.get('/pricing')).text())?.[1];
  const [a, b] = [await idOf(), await idOf()];
  expect(a).toBeTruthy();
  expect(a).not.toBe(b);
});
