// Issue 18 part 6 over HTTP: every string entering the REST and MCP faces is checked for NUL and
// unpaired surrogates (422 naming the field), whatever the way in (path, query, JSON body, tool
// arguments); a body over the cap is 413; a method a route file does not serve is 405 with Allow.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drafts } from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import { problemOfResult } from '@/lib/mcp/server';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const app = await useApp();
const account = await createAccount(db);
const id = newDraftId();
await db
  .insert(drafts)
  .values({ id, ownerId: account.user.id, url: 'https://example.com/', status: 'ready', fields: emptyFields() });
const rowOf = async () => (await db.select().from(drafts).where(eq(drafts.id, id)))[0];

async function expect422(res: Response, field: string) {
  expect(res.status).toBe(422);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await res.json();
  expect(body.code).toBe('validation_failed');
  expect(body.errors[0].path).toBe(field);
  return body;
}

const patch = (body: string) =>
  fetch(`${app.url}/api/v1/drafts/${id}`, {
    method: 'PATCH',
    headers: { ...account.auth, 'content-type': 'application/json' },
    body,
  });

describe('REST: bad strings are 422 naming the field', () => {
  it('a NUL in a query', async () => {
    await expect422(await fetch(`${app.url}/api/v1/listings?q=%00`), 'q');
    await expect422(await fetch(`${app.url}/api/v1/listings?q=ok&cursor=a%00b`), 'cursor');
  });

  it('a query parameter given twice, by name (it read as a list: "expected number, received NaN")', async () => {
    const body = await expect422(await fetch(`${app.url}/api/v1/listings?page=1&page=2`), 'page');
    expect(body.errors[0].message).toBe('Given 2 times: give it once.');
    await expect422(await fetch(`${app.url}/api/v1/listings?q=a&per_page=5&q=b`), 'q');
    expect((await fetch(`${app.url}/api/v1/listings?page=1&per_page=2`)).status).toBe(200);
  });

  it('a number in a query or a path is written in digits (1e1, 0x10 and " 10" were read as numbers)', async () => {
    for (const query of [
      'per_page=1e1',
      'per_page=0x10',
      'per_page=%2010',
      'per_page=10.0',
      'page=',
      'page=Infinity',
    ]) {
      const field = query.split('=')[0];
      const body = await expect422(await fetch(`${app.url}/api/v1/listings?${query}`), field);
      expect(body.errors[0].message, query).toBe('Use a whole number written in digits, like 20.');
    }
    expect((await expect422(await fetch(`${app.url}/api/v1/listings?page=-1`), 'page')).errors[0].message).toBe(
      'At least 1.',
    );
    const huge = await expect422(
      await fetch(`${app.url}/api/v1/me/listings/99999999999999999999`, { headers: account.auth }),
      'listing_id',
    );
    expect(huge.errors[0].message).toBe('This number is too large.');
    expect(
      (
        await expect422(
          await fetch(`${app.url}/api/v1/me/listings/2147483648`, { headers: account.auth }),
          'listing_id',
        )
      ).errors[0].message,
    ).toBe('At most 2147483647.');
    await expect422(await fetch(`${app.url}/api/v1/me/listings/0x1`, { headers: account.auth }), 'listing_id');
    const ok = await fetch(`${app.url}/api/v1/listings?page=1&per_page=007`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).per_page).toBe(7);
  });

  it('a malformed percent-escape in the query is 400 (it was read as the text "%ZZ")', async () => {
    for (const query of ['q=%ZZ', 'q=%', 'q=abc%E0', 'q=%ED%A0%80', '%ZZ=1', 'q=ok&per_page=1%']) {
      const res = await fetch(`${app.url}/api/v1/listings?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).detail).toContain('malformed percent-escape');
    }
    for (const query of ['q=100%25', 'q=a+b', 'q=caf%C3%A9', 'q=%F0%9F%9A%80'])
      expect((await fetch(`${app.url}/api/v1/listings?${query}`)).status, query).toBe(200);
  });

  it('a NUL or a lone surrogate in a JSON string, the draft unchanged', async () => {
    const before = await rowOf();
    const nul = await expect422(await patch(JSON.stringify({ fields: { headline: 'a\u0000b' } })), 'fields.headline');
    expect(nul.detail).toContain('NUL');
    // JSON.stringify would escape a lone surrogate the same way; written out to be sure of the bytes.
    const lone = await expect422(await patch('{"fields":{"headline":"a\\ud800b"}}'), 'fields.headline');
    expect(lone.detail).toContain('surrogate');
    await expect422(await patch('{"fields":{"summary":"\\udc00"}}'), 'fields.summary');
    await expect422(await patch('{"fields":{"a\\u0000":"x"}}'), 'fields');
    expect(await rowOf()).toEqual(before);
  });

  it('a NUL in a path parameter', async () => {
    await expect422(await fetch(`${app.url}/api/v1/drafts/a%00b`, { headers: account.auth }), 'id');
  });

  it('a well-formed pair and RTL marks pass the check; a direction override does not', async () => {
    const res = await fetch(`${app.url}/api/v1/listings?q=${encodeURIComponent('\u200femoji 😀')}`);
    expect(res.status).toBe(200);
    await expect422(await fetch(`${app.url}/api/v1/listings?q=${encodeURIComponent('\u202eemoji')}`), 'q');
  });

  it('absurdly deep nesting', async () => {
    const deep = '{"fields":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const res = await patch(deep);
    expect(res.status).toBe(422);
  });

  it('a body over 1 MB is 413', async () => {
    const res = await patch(JSON.stringify({ fields: { headline: 'x'.repeat(2 * 1024 * 1024) } }));
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
  });
});

describe('MCP: the same check on tool arguments', () => {
  async function callTool(name: string, args: object) {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: {
        ...account.auth,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('event-stream')
      ? text
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6)
      : text;
    const result = JSON.parse(json).result;
    expect(result.isError).toBe(true);
    return problemOfResult(result);
  }

  it('answers the validation problem naming the argument', async () => {
    const before = await rowOf();
    expect(await callTool('search_listings', { q: 'a\u0000' })).toMatchObject({
      status: 422,
      code: 'validation_failed',
      errors: [{ path: 'q' }],
    });
    expect(await callTool('update_draft', { id, fields: { headline: 'x\ud800' } })).toMatchObject({
      status: 422,
      errors: [{ path: 'fields.headline' }],
    });
    expect(await rowOf()).toEqual(before);
  });

  it('a number sent as text is written in digits, as on REST; true or [1] is no number', async () => {
    const message = 'Use a whole number written in digits, like 20.';
    for (const perPage of ['1e1', '0x5', true, [5], { n: 5 }])
      expect(await callTool('search_listings', { per_page: perPage }), JSON.stringify(perPage)).toMatchObject({
        status: 422,
        errors: [{ path: 'per_page', message }],
      });
    // null is no number: it was read as 0 ("More than 0.").
    expect(await callTool('get_my_listing', { listing_id: null })).toMatchObject({
      status: 422,
      errors: [{ path: 'listing_id', message }],
    });
    // A delete with such an id deleted milestone 1.
    expect(await callTool('delete_milestone', { listing_id: [1], milestone_id: true })).toMatchObject({
      status: 422,
      errors: [{ path: 'listing_id', message }],
    });
  });
});

describe('methods', () => {
  it('the catch-all answers 405 problem+json with Allow', async () => {
    const res = await fetch(`${app.url}/api/v1/drafts/${id}`, { method: 'DELETE', headers: account.auth });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, PATCH, HEAD');
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  // Next answers a method a route file does not export with a bare 405: every route file exports them all.
  const root = path.resolve(import.meta.dirname, '../../../app/api/v1');
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => f.endsWith('route.ts') && !f.includes('[...path]'),
  );
  for (const file of files) {
    it(`${file} answers every method, the ones it does not serve with 405 + Allow`, async () => {
      const mod = (await import(path.join(root, file))) as Record<string, (r: Request) => Promise<Response> | Response>;
      const served = fs
        .readFileSync(path.join(root, file), 'utf8')
        .match(/export (?:const|function) (GET|POST|PUT|PATCH|DELETE)\b/g)!
        .map((s) => s.split(' ').pop()!);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        expect(typeof mod[method], `${file} ${method}`).toBe('function');
        if (served.includes(method)) continue;
        const res = await mod[method](new Request('http://localhost/api/v1/x', { method }));
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe([...served, ...(served.includes('GET') ? ['HEAD'] : [])].join(', '));
        expect((await res.json()).code).toBe('method_not_allowed');
      }
      // OPTIONS names only what is served (Next's own named every exported method, 405s too).
      expect(typeof mod.OPTIONS, `${file} OPTIONS`).toBe('function');
      const options = await mod.OPTIONS(new Request('http://localhost/api/v1/x', { method: 'OPTIONS' }));
      expect(options.status).toBe(204);
      expect(options.headers.get('allow')).toBe(
        [...served, ...(served.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', '),
      );
    });
  }

  it('OPTIONS over HTTP names the methods served', async () => {
    const res = await fetch(`${app.url}/api/v1/me`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
