// The drafts operations as MCP tools, through the real v1 SDK client (which validates each
// structured result against the tool's output schema).
import { problemOfResult } from '@/lib/mcp/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { stopLocalRunner } from '@/lib/jobs/local-runner';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const app = await useApp();
let site: FixtureSite;
let client: Client;

beforeAll(async () => {
  site = await startFixtureSite('acme');
  const { auth } = await createAccount(db);
  client = new Client({ name: 'drafts-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: auth } }),
  );
});
afterAll(async () => {
  await client.close();
  await stopLocalRunner();
  await site.close();
});

type Draft = {
  id: string;
  status: string;
  fields: Record<string, { value: unknown; state: string }>;
  listing_id: number | null;
};
async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const res = await client.callTool({ name, arguments: args });
  expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
  return res.structuredContent as T;
}

describe('drafts over MCP', () => {
  it('answers an unknown draft with isError and the REST problem, after the client listed the tools', async () => {
    await client.listTools();
    const res = await client.callTool({ name: 'get_draft', arguments: { id: 'drf_does_not_exist' } });
    expect(res.isError).toBe(true);
    expect(problemOfResult(res)).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('lists the six drafts tools', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'submit_listing',
        'list_my_drafts',
        'get_draft',
        'update_draft',
        'invite_cofounder',
        'submit_draft',
      ]),
    );
  });

  it('submits a URL, polls until ready, edits and submits', async () => {
    const created = await call<Draft>('submit_listing', { url: site.url });
    expect(created.status).toBe('crawling');
    let draft = created;
    for (let i = 0; i < 200 && (draft.status === 'crawling' || draft.status === 'drafting'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      draft = await call<Draft>('get_draft', { id: created.id });
    }
    expect(draft.status).toBe('ready');
    expect(draft.fields.name.value).toBe('Acme Notes');
    const edited = await call<Draft>('update_draft', {
      id: draft.id,
      fields: { headline: 'Notes that write themselves' },
      restore: ['summary'],
    });
    expect(edited.fields.headline).toMatchObject({ value: 'Notes that write themselves', state: 'edited' });
    const list = await call<{ items: { id: string }[] }>('list_my_drafts', {});
    expect(list.items[0].id).toBe(draft.id);
    const submitted = await call<{ listing_id: number }>('submit_draft', { id: draft.id });
    expect(submitted.listing_id).toBeGreaterThan(0);
  });
});
