// A malformed percent-escape in a path parameter is the caller's mistake: 400 problem+json, never a
// 500 (docs/security.md). Both ways into the REST face: a route file (rest(name)) and the catch-all dispatcher.
import { describe, expect, it } from 'vitest';
import { operationByName } from '@/lib/operations';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { handleRest } from '../rest';

const { db } = await useTestDatabase();
const getDraft = operationByName('get_draft')!;
// Paths starting with a bare % go to a route file's handler; the rest to the catch-all dispatcher.
const app = await useApp({
  routes: [{ prefix: '/api/v1/drafts/%', handler: (request) => handleRest(getDraft, request) }],
});
const account = await createAccount(db);

async function expectBadRequest(res: Response) {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await res.json();
  expect(body).toMatchObject({ status: 400, detail: expect.stringContaining('percent-escape') });
}

describe('malformed percent-escapes in path parameters', () => {
  it('answer 400 problem+json through the catch-all dispatcher', async () => {
    for (const bad of ['x%E0%A4%A', 'x%ZZ', 'abc%']) {
      await expectBadRequest(await fetch(`${app.url}/api/v1/drafts/${bad}`, { headers: account.auth }));
      await expectBadRequest(
        await fetch(`${app.url}/api/v1/drafts/${bad}/submit`, { method: 'POST', headers: account.auth }),
      );
    }
  });

  it('answer 400 problem+json through a route file, signed in or not', async () => {
    await expectBadRequest(await fetch(`${app.url}/api/v1/drafts/%E0%A4%A`, { headers: account.auth }));
    await expectBadRequest(await fetch(`${app.url}/api/v1/drafts/%ZZ`));
  });

  it('still decode a well-formed escape', async () => {
    const res = await fetch(`${app.url}/api/v1/drafts/d%C3%A9j%C3%A0`, { headers: account.auth });
    expect(res.status).toBe(404);
  });
});
