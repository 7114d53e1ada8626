// Every error is problem+json with status equal to the HTTP status and no internals.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineOperation } from '@/lib/operations/define';
import { operations } from '@/lib/operations';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();

const echo = defineOperation({
  name: 'test_echo',
  method: 'POST',
  path: '/test/echo',
  scope: 'account:read',
  idempotent: false,
  tag: 'Test',
  summary: 'Echoes a validated body',
  input: z.strictObject({ title: z.string().max(50), nested: z.strictObject({ count: z.number().int() }).optional() }),
  output: z.object({ title: z.string() }),
  handler: async (_ctx, input) => ({ title: input.title }),
});

const app = await useApp({ ops: [...operations, echo] });
const account = await createAccount(db);

async function problemOf(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await res.json();
  expect(body.status).toBe(status);
  expect(typeof body.type).toBe('string');
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
  expect(typeof body.code).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
  return body;
}

const postEcho = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api/v1/test/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...account.auth, ...headers },
    body,
  });

describe('errors', () => {
  it('malformed JSON → 400 malformed_json', async () => {
    const body = await problemOf(await postEcho('{"title": '), 400);
    expect(body.code).toBe('malformed_json');
  });

  it('a JSON array body → 400', async () => {
    await problemOf(await postEcho('[1,2]'), 400);
  });

  it('an unknown field → 422 naming its path', async () => {
    const body = await problemOf(await postEcho(JSON.stringify({ title: 'x', colour: 'red' })), 422);
    expect(body.code).toBe('validation_failed');
    expect(body.errors.map((e: { path: string }) => e.path)).toContain('colour');
    const nested = await problemOf(
      await postEcho(JSON.stringify({ title: 'x', nested: { count: 1, extra: true } })),
      422,
    );
    expect(nested.errors.map((e: { path: string }) => e.path)).toContain('nested.extra');
  });

  it('names 20 unknown fields and counts the rest (20,000 of them made a 600 KB answer)', async () => {
    const sent = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 1]));
    const res = await postEcho(JSON.stringify({ title: 'x', ...sent }));
    const text = await res.text();
    expect(res.status).toBe(422);
    expect(text.length).toBeLessThan(2000);
    const body = JSON.parse(text);
    expect(body.errors).toEqual([
      {
        path: `${Array.from({ length: 20 }, (_, i) => `k${i}`).join(', ')} and 19980 more`,
        message: `Unknown fields: ${Array.from({ length: 20 }, (_, i) => `k${i}`).join(', ')} and 19980 more.`,
      },
    ]);
  });

  it('a wrong type → 422 naming its path', async () => {
    const body = await problemOf(await postEcho(JSON.stringify({ title: 'x'.repeat(51) })), 422);
    expect(body.errors[0].path).toBe('title');
  });

  it('a body over 1 MB → 413', async () => {
    const big = JSON.stringify({ title: 'x', pad: 'y'.repeat(1024 * 1024 + 10) });
    const body = await problemOf(await postEcho(big), 413);
    expect(body.code).toBe('payload_too_large');
  });

  it('a non-JSON content type → 415', async () => {
    await problemOf(await postEcho('title=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    // JSON is UTF-8: another charset is 415; UTF-8 itself, named either way, is fine.
    await problemOf(await postEcho('{"title":"x"}', { 'content-type': 'application/json; charset=latin1' }), 415);
    for (const charset of ['utf-8', 'UTF8', '"utf-8"'])
      expect((await postEcho('{"title":"x"}', { 'content-type': `application/json; charset=${charset}` })).status).toBe(
        200,
      );
  });

  it('bytes that are not UTF-8 → 400 (they were stored as U+FFFD)', async () => {
    const bytes = Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await fetch(`${app.url}/api/v1/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...account.auth },
      body: bytes,
    });
    const body = await problemOf(res, 400);
    expect(body).toMatchObject({ code: 'malformed_json', detail: expect.stringContaining('UTF-8') });
    expect((await postEcho('{"title":"Zürich 😀"}')).status).toBe(200);
  });

  it('per_page over 100 → 422; page 0 → 422; non-numeric → 422', async () => {
    const body = await problemOf(await fetch(`${app.url}/api/v1/listings?per_page=101`), 422);
    expect(body.errors[0].path).toBe('per_page');
    await problemOf(await fetch(`${app.url}/api/v1/listings?page=0`), 422);
    await problemOf(await fetch(`${app.url}/api/v1/listings?per_page=abc`), 422);
  });

  it('an unknown query parameter → 422 naming it', async () => {
    const body = await problemOf(await fetch(`${app.url}/api/v1/listings?colour=red`), 422);
    expect(body.errors[0].path).toContain('colour');
  });

  it('a bad ISO week → 422', async () => {
    await problemOf(await fetch(`${app.url}/api/v1/leaderboards/community-weekly?week=2026-47`), 422);
    await problemOf(await fetch(`${app.url}/api/v1/leaderboards/community-weekly?week=2026-W54`), 422);
    await problemOf(await fetch(`${app.url}/api/v1/leaderboards/community-weekly?week=9999-W52`), 422); // next_week was "10000-W01"
  });

  it('the first and last weeks served name no neighbour past them (1899-W52 was offered, then refused)', async () => {
    const first = await (await fetch(`${app.url}/api/v1/leaderboards/community-weekly?week=1900-W01`)).json();
    expect([first.previous_week, first.next_week]).toEqual([null, '1900-W02']);
    const last = await (await fetch(`${app.url}/api/v1/leaderboards/community-weekly?week=2199-W52`)).json();
    expect([last.previous_week, last.next_week]).toEqual(['2199-W51', null]);
  });

  it('an unknown path → 404 and a wrong method → 405, both problem+json', async () => {
    await problemOf(await fetch(`${app.url}/api/v1/does-not-exist`), 404);
    const res = await fetch(`${app.url}/api/v1/listings`, { method: 'DELETE' });
    await problemOf(res, 405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
