// Real MCP clients over real HTTP: the v1 SDK client (2025-11-25 and 2025-03-26) and the v2 client
// (2026-07-28) list the tools and call a public and a protected tool, with an API key.
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/operations';
import { problemOfResult } from '@/lib/mcp/server';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const app = await useApp();
const mcpUrl = new URL(`${app.url}/mcp`);

/** Rewrites the v1 client's initialize to ask for another 2025 revision. */
function pinInitialize(version: string): typeof fetch {
  return async (input, init) => {
    if (init?.body && typeof init.body === 'string' && init.body.includes('"initialize"')) {
      const body = JSON.parse(init.body);
      body.params.protocolVersion = version;
      init = { ...init, body: JSON.stringify(body) };
    }
    return fetch(input, init);
  };
}

async function v1(version: '2025-11-25' | '2025-03-26', headers: Record<string, string> = {}) {
  const client = new V1Client({ name: 'v1-test', version: '1.0.0' });
  const transport = new V1Transport(mcpUrl, {
    requestInit: { headers },
    fetch: version === '2025-11-25' ? undefined : pinInitialize(version),
  });
  await client.connect(transport);
  return { client, transport };
}

async function v2(headers: Record<string, string> = {}) {
  const client = new V2Client({ name: 'v2-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  const transport = new V2Transport(mcpUrl, { requestInit: { headers } });
  await client.connect(transport);
  return client;
}

describe.each(['2025-11-25', '2025-03-26'] as const)('v1 client, protocol %s', (version) => {
  it('negotiates the revision and lists every operation as a tool', async () => {
    const { client, transport } = await v1(version);
    expect(transport.protocolVersion).toBe(version);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(operations.map((o) => o.name).sort());
    const search = tools.find((t) => t.name === 'search_listings')!;
    expect(search.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(search.outputSchema).toBeTruthy();
    await client.close();
  });

  it('calls a public tool without credentials and gets the REST object as structured content', async () => {
    const { client } = await v1(version);
    const result = await client.callTool({ name: 'search_listings', arguments: { per_page: 3 } });
    const rest = await (await fetch(`${app.url}/api/v1/listings?per_page=3`)).json();
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(rest);
    expect((result.content as { type: string; text: string }[])[0].type).toBe('text');
    await client.close();
  });

  it('calls a protected tool with an API key', async () => {
    const account = await createAccount(db);
    const { client } = await v1(version, account.auth);
    const result = await client.callTool({ name: 'get_account', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      id: account.user.id,
      email: account.user.email,
      auth: { kind: 'api_key' },
    });
    expect((result.content as { text: string }[])[0].text).toContain(account.user.email!);
    await client.close();
  });

  it('turns a validation failure into isError with the REST problem object', async () => {
    const { client } = await v1(version);
    await client.listTools(); // the client now validates results against the output schemas
    const result = await client.callTool({ name: 'search_listings', arguments: { per_page: 1000 } });
    const rest = await (await fetch(`${app.url}/api/v1/listings?per_page=1000`)).json();
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(problemOfResult(result)).toEqual(rest);
    expect(rest).toMatchObject({ status: 422, code: 'validation_failed' });
    await client.close();
  });
});

describe('v2 client, protocol 2026-07-28', () => {
  it('negotiates 2026-07-28, lists the tools and calls a public and a protected tool', async () => {
    const account = await createAccount(db);
    const client = await v2(account.auth);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(operations.map((o) => o.name).sort());

    const products = await client.callTool({ name: 'list_products', arguments: {} });
    const rest = await (await fetch(`${app.url}/api/v1/products`)).json();
    expect(products.structuredContent).toEqual(rest);

    const me = await client.callTool({ name: 'get_account', arguments: {} });
    expect(me.isError).toBeFalsy();
    expect(me.structuredContent).toMatchObject({ id: account.user.id, auth: { kind: 'api_key' } });
    await client.close();
  });

  it('is refused (HTTP 401) a protected tool without credentials', async () => {
    const client = await v2();
    await expect(client.callTool({ name: 'get_account', arguments: {} })).rejects.toThrow();
    const raw = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_account', arguments: {} },
      }),
    });
    expect(raw.status).toBe(401);
    await client.close();
  });

  it('calls public tools without credentials', async () => {
    const client = await v2();
    const result = await client.callTool({ name: 'list_categories', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { items: unknown[] }).items.length).toBeGreaterThan(0);
    await client.close();
  });
});
