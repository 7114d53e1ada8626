// Two writers on one draft: update_draft's optional version (REST body or If-Match, MCP argument)
// refuses a stale write with 409 version_conflict and the current draft; without it the last write wins.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOfResult } from '@/lib/mcp/server';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { caller, waitForDraft, type Caller } from './helpers';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const app = await useApp();
let site: FixtureSite;
let call: Caller;
let client: Client;
let draftId: string;

beforeAll(async () => {
  site = await startFixtureSite('acme');
  const { auth } = await createAccount(db);
  call = caller(app.url, auth);
  draftId = (await call('POST', '/drafts', { url: site.url })).body.id;
  await waitForDraft(call, draftId);
  client = new Client({ name: 'version-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: auth } }),
  );
});
afterAll(async () => {
  await client.close();
  await stopLocalRunner();
  await site.close();
});

const current = async () =>
  (await call('GET', `/drafts/${draftId}`)).body as { version: number; fields: Record<string, { value: unknown }> };

describe('update_draft over REST', () => {
  it('get_draft carries the version and answers it as the ETag', async () => {
    const res = await call('GET', `/drafts/${draftId}`);
    expect(res.status).toBe(200);
    expect(res.body.version).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
  });

  it('saves with the current version and answers version + 1', async () => {
    const { version } = await current();
    const res = await call('PATCH', `/drafts/${draftId}`, { version, fields: { headline: 'First tab' } });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(version + 1);
    expect(res.body.fields.headline.value).toBe('First tab');
    expect(res.headers.get('etag')).toBe(`"${version + 1}"`);
  });

  it('keeps the version when a call changes nothing (an empty PATCH made the other tab stale)', async () => {
    const { version, fields } = await current();
    for (const body of [{}, { version }, { fields: { headline: fields.headline.value } }]) {
      const res = await call('PATCH', `/drafts/${draftId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.version, JSON.stringify(body)).toBe(version);
    }
    expect((await call('PATCH', `/drafts/${draftId}`, { version, fields: { pricing: 'Paid' } })).status).toBe(200);
  });

  it('refuses a stale version with 409 version_conflict and the current values, saving nothing', async () => {
    const { version } = await current();
    await call('PATCH', `/drafts/${draftId}`, { version, fields: { headline: 'Second tab' } });
    const res = await call('PATCH', `/drafts/${draftId}`, {
      version,
      fields: { headline: 'Stale tab', pricing: 'Free' },
    });
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 409, code: 'version_conflict', current_version: version + 1 });
    expect(res.body.current).toMatchObject({
      id: draftId,
      version: version + 1,
      fields: { headline: { value: 'Second tab' } },
    });
    expect(res.headers.get('etag')).toBe(`"${version + 1}"`);
    const after = await current();
    expect(after.version).toBe(version + 1);
    expect(after.fields.headline.value).toBe('Second tab');
    expect(after.fields.pricing.value).not.toBe('Free');
  });

  it('takes If-Match with the ETag: current saves, stale is 409 version_conflict', async () => {
    const got = await call('GET', `/drafts/${draftId}`);
    const etag = got.headers.get('etag')!;
    const ok = await call(
      'PATCH',
      `/drafts/${draftId}`,
      { fields: { headline: 'Via If-Match' } },
      { 'if-match': etag },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(got.body.version + 1);
    const stale = await call(
      'PATCH',
      `/drafts/${draftId}`,
      { fields: { headline: 'Stale If-Match' } },
      { 'if-match': etag },
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'version_conflict',
      current: { version: got.body.version + 1, fields: { headline: { value: 'Via If-Match' } } },
    });
    expect((await current()).fields.headline.value).toBe('Via If-Match');
  });

  it('refuses a malformed If-Match, or one that disagrees with the body, with 400', async () => {
    const { version } = await current();
    const weak = await call(
      'PATCH',
      `/drafts/${draftId}`,
      { fields: { headline: 'x' } },
      { 'if-match': `W/"${version}"` },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('bad_request');
    const both = await call(
      'PATCH',
      `/drafts/${draftId}`,
      { version: version + 5, fields: { headline: 'x' } },
      { 'if-match': `"${version}"` },
    );
    expect(both.status).toBe(400);
    expect((await current()).version).toBe(version);
  });

  it('without a version the last write wins, as before', async () => {
    const { version } = await current();
    expect((await call('PATCH', `/drafts/${draftId}`, { fields: { headline: 'One' } })).status).toBe(200);
    const res = await call('PATCH', `/drafts/${draftId}`, { fields: { headline: 'Two' } }, { 'if-match': '*' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: version + 2, fields: { headline: { value: 'Two' } } });
  });

  it('an edit by another writer (submit) also moves the version', async () => {
    const { version } = await current();
    expect((await call('POST', `/drafts/${draftId}/submit`)).status).toBe(200);
    const res = await call('PATCH', `/drafts/${draftId}`, { version, fields: { headline: 'Before submit' } });
    expect(res.status).toBe(409);
    expect(res.body.current.status).toBe('submitted');
  });
});

describe('update_draft over MCP', () => {
  type Draft = { version: number; fields: Record<string, { value: unknown }> };

  it('saves with the current version (version + 1) and refuses a stale one with the current values', async () => {
    const { version } = await current();
    const ok = await client.callTool({
      name: 'update_draft',
      arguments: { id: draftId, version, fields: { headline: 'From MCP' } },
    });
    expect(ok.isError, JSON.stringify(ok.content)).toBeFalsy();
    expect((ok.structuredContent as Draft).version).toBe(version + 1);

    const stale = await client.callTool({
      name: 'update_draft',
      arguments: { id: draftId, version, fields: { headline: 'Stale MCP' } },
    });
    expect(stale.isError).toBe(true);
    const problem = problemOfResult(stale) as unknown as { status: number; code: string; current: Draft };
    expect(problem).toMatchObject({ status: 409, code: 'version_conflict' });
    expect(problem.current.version).toBe(version + 1);
    expect(problem.current.fields.headline.value).toBe('From MCP');
    expect((await current()).fields.headline.value).toBe('From MCP');
  });

  it('without a version the last write wins', async () => {
    const { version } = await current();
    const res = await client.callTool({
      name: 'update_draft',
      arguments: { id: draftId, fields: { headline: 'No version' } },
    });
    expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
    expect((res.structuredContent as Draft).version).toBe(version + 1);
  });
});
