// The MCP endpoint at the HTTP level: 401/403 challenges, Origin defence, idempotency_key, and
// the tool list equal to the REST operations (name for name, same input schemas).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '@/lib/operations';
import { defineOperation } from '@/lib/operations/define';
import { IDEMPOTENCY_ARGUMENT, jsonSchemaOf } from '@/lib/mcp/tools';
import { problemOfResult } from '@/lib/mcp/server';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();

// A write operation for this file only, to exercise Idem semantics through both faces.
let runs = 0;
const bumpOp = defineOperation({
  name: 'test_bump_counter',
  method: 'POST',
  path: '/test/bump',
  scope: 'listings:write',
  idempotent: true,
  tag: 'Test',
  summary: 'Bump a counter',
  input: z.strictObject({ by: z.number().int().min(1) }),
  output: z.object({ runs: z.number().int(), by: z.number().int() }),
  handler: async (_ctx, input) => ({ runs: ++runs, by: input.by }),
});
const ops = [...operations, bumpOp];
const app = await useApp({ ops });
const mcpUrl = `${app.url}/mcp`;

function rpc(body: unknown, headers: Record<string, string> = {}) {
  return fetch(mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}
const call = (name: string, args: object = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args },
});

async function connect(headers: Record<string, string> = {}) {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers } }));
  return client;
}

describe('authorization at the HTTP level', () => {
  it('answers 401 with a resource_metadata challenge for a protected tool without credentials', async () => {
    const res = await rpc(call('get_account'));
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).toMatch(/scope="[^"]*account:read/);
    expect((await res.json()).code).toBe('unauthorized');
  });

  it('lets tools/list and public tools through without credentials', async () => {
    const list = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    expect(list.status).toBe(200);
    const search = await rpc(call('search_listings', { q: 'a' }));
    expect(search.status).toBe(200);
  });

  it('answers 403 insufficient_scope when the credential lacks the scope', async () => {
    const account = await createAccount(db, { scopes: ['orders:write'] });
    const res = await rpc(call('get_account'), account.auth);
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(/error="insufficient_scope".*scope="account:read"/);
    expect((await res.json()).code).toBe('insufficient_scope');
  });

  it('answers 401 invalid_token for an unknown or revoked credential, whatever the method', async () => {
    const res = await rpc(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { authorization: 'Bearer pld_unknown_aaaaaaaaaaaaaaaaaaaaaaaa' },
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('caching', () => {
  it('marks every answer no-store: a signed-in call answers with the caller’s own data', async () => {
    const { auth } = await createAccount(db);
    const res = await rpc(call('get_account'), auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await res.text();
  });
});

describe('malformed requests', () => {
  const post = (body: string, contentType: string) =>
    fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': contentType, accept: 'application/json, text/event-stream' },
      body,
    });

  it('answers a body that is not JSON with the JSON-RPC parse error', async () => {
    for (const body of ['{"jsonrpc":', '']) {
      const res = await post(body, 'application/json');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    }
  });

  it('answers a batch with a JSON-RPC error, on every revision (it was an empty 200)', async () => {
    const { auth } = await createAccount(db);
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ];
    for (const version of ['2025-03-26', '2025-11-25']) {
      const res = await rpc(batch, { ...auth, 'mcp-protocol-version': version });
      expect(res.status, version).toBe(400);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    }
  });

  it('refuses a protocol version header that is not a revision, as it refuses an unknown revision', async () => {
    const { auth } = await createAccount(db);
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    for (const version of ['garbage', '2026-07-28x', 'zzzz-99-99', '1999-01-01', '2099-01-01', '2024-01-01']) {
      const res = await rpc(list, { ...auth, 'mcp-protocol-version': version });
      expect(res.status, version).toBe(400);
      const body = await res.json();
      expect(body.error.code, version).toBe(-32000);
      expect(body.error.message, version).toContain(`Unsupported protocol version: ${version}`);
    }
    // Every refusal names every revision served, the newest first (the SDK's own list left out 2026-07-28).
    const old = await (await rpc(list, { ...auth, 'mcp-protocol-version': '2024-01-01' })).json();
    expect(old.error.message).toContain('(supported versions: 2026-07-28, 2025-11-25');
  });

  it('answers tools/call arguments that are not an object with one plain JSON-RPC error', async () => {
    for (const args of [[], 'by=1', 7, null]) {
      const res = await rpc({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'search_listings', arguments: args },
      });
      expect(res.status, JSON.stringify(args)).toBe(200);
      const body = await res.json();
      expect(body, JSON.stringify(args)).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: {
          code: -32602,
          message: 'Invalid params: arguments must be an object of the tool\'s inputs by name, like {"q": "ledger"}.',
        },
      });
    }
  });

  it('answers a tools/call without a tool name, or naming an object property, like an unknown tool', async () => {
    const plain = (id: number, message: string) => ({ jsonrpc: '2.0', id, error: { code: -32602, message } });
    for (const [i, params] of [undefined, {}, { name: 7 }, []].entries()) {
      const res = await rpc({ jsonrpc: '2.0', id: i, method: 'tools/call', ...(params ? { params } : {}) });
      expect(await res.json(), JSON.stringify(params)).toEqual(
        plain(i, expect.stringMatching(/^Invalid params: name the tool/)),
      );
    }
    for (const name of ['__proto__', 'constructor', 'toString', 'nope']) {
      const res = await rpc({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: {} } });
      expect(await res.json(), name).toEqual(plain(9, `Tool ${name} not found`));
    }
  });

  it('answers a call of an unknown tool with an error naming it', async () => {
    const res = await rpc(call('no_such_tool'));
    expect(res.status).toBeLessThan(500);
    const text = await res.text();
    expect(text).toContain('no_such_tool');
    expect(text).toMatch(/"error"|"isError":true/);
  });

  it('answers 415 to a body that is not sent as JSON', async () => {
    const res = await post(JSON.stringify(call('search_listings')), 'text/plain');
    expect(res.status).toBe(415);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const res = await post(
      JSON.stringify({ ...call('search_listings', { q: 'x'.repeat(1024 * 1024) }) }),
      'application/json',
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringContaining('1 MB'), data: { status: 413 } },
    });
  });
});

describe('2025-era requests (stateless)', () => {
  it('answers initialize and tools/call as one JSON body, without a session', async () => {
    const init = await rpc({
      jsonrpc: '2.0',
      id: 7,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toMatch(/^application\/json/);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(await init.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { protocolVersion: '2025-11-25', serverInfo: { name: 'product-directory' } },
    });

    const res = await rpc(call('search_listings', { q: 'ledger' }));
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { structuredContent: { items: [expect.objectContaining({ slug: 'ledgerly' })] } },
    });
  });

  it('answers GET and DELETE (2025 session operations) with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl, {
        method,
        headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      });
      expect(res.status).toBe(405);
    }
  });
});

describe('Origin validation', () => {
  it('refuses a foreign Origin with 403 and accepts the site own origin', async () => {
    const foreign = await rpc(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    const own = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, { origin: app.url });
    expect(own.status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed browser origin (MCP Inspector on localhost)', async () => {
    const res = await fetch(mcpUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
    expect(res.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
    // Only what is served: GET and DELETE answer 405 here.
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });

  it('lets a browser send the 2026-07-28 headers: Mcp-Method, Mcp-Name and the Mcp-Param-* it asks for', async () => {
    const res = await fetch(mcpUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,mcp-method,mcp-name,Mcp-Param-Q,x-other',
      },
    });
    const allowed = res.headers.get('access-control-allow-headers')!.split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['mcp-method', 'mcp-name', 'mcp-param-q', 'authorization']));
    expect(allowed).not.toContain('x-other');
  });
});

describe('idempotency_key', () => {
  it('replays the first result for the same key and refuses the key for other arguments', async () => {
    const account = await createAccount(db);
    const client = await connect(account.auth);
    const first = await client.callTool({
      name: 'test_bump_counter',
      arguments: { by: 2, [IDEMPOTENCY_ARGUMENT]: 'k-1' },
    });
    const again = await client.callTool({
      name: 'test_bump_counter',
      arguments: { by: 2, [IDEMPOTENCY_ARGUMENT]: 'k-1' },
    });
    expect(first.isError).toBeFalsy();
    expect(again.structuredContent).toEqual(first.structuredContent);
    const other = await client.callTool({
      name: 'test_bump_counter',
      arguments: { by: 3, [IDEMPOTENCY_ARGUMENT]: 'k-1' },
    });
    expect(other.isError).toBe(true);
    expect(problemOfResult(other)).toMatchObject({ status: 422, code: 'idempotency_key_reuse' });
    const fresh = await client.callTool({ name: 'test_bump_counter', arguments: { by: 2 } });
    expect((fresh.structuredContent as { runs: number }).runs).toBe(
      (first.structuredContent as { runs: number }).runs + 1,
    );
    await client.close();
  });

  it('shares keys with the REST Idempotency-Key header of the same account', async () => {
    const account = await createAccount(db);
    const rest = await fetch(`${app.url}/api/v1/test/bump`, {
      method: 'POST',
      headers: { ...account.auth, 'content-type': 'application/json', 'idempotency-key': 'shared-1' },
      body: JSON.stringify({ by: 5 }),
    });
    const restBody = await rest.json();
    const client = await connect(account.auth);
    const viaMcp = await client.callTool({
      name: 'test_bump_counter',
      arguments: { by: 5, [IDEMPOTENCY_ARGUMENT]: 'shared-1' },
    });
    expect(viaMcp.structuredContent).toEqual(restBody);
    await client.close();
  });

  it('advertises idempotency_key only on Idem operations', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const op = ops.find((o) => o.name === tool.name)!;
      expect(Object.keys(tool.inputSchema.properties ?? {}).includes(IDEMPOTENCY_ARGUMENT)).toBe(op.idempotent);
    }
    await client.close();
  });
});

describe('tools and REST operations', () => {
  it('are the same set, name for name, with equal input schemas and derived annotations', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(ops.map((o) => o.name).sort());
    for (const tool of tools) {
      const op = ops.find((o) => o.name === tool.name)!;
      const { [IDEMPOTENCY_ARGUMENT]: _key, ...properties } = (tool.inputSchema.properties ?? {}) as Record<
        string,
        unknown
      >;
      const restSchema = jsonSchemaOf(op.input, 'input');
      expect({ ...tool.inputSchema, properties }).toEqual({ ...restSchema, properties: restSchema.properties ?? {} });
      expect(tool.outputSchema).toEqual({ type: 'object', ...jsonSchemaOf(op.output, 'output') });
      expect(tool.annotations?.readOnlyHint).toBe(op.method === 'GET' || op.name === 'quote_order');
      if (op.method === 'DELETE') expect(tool.annotations?.destructiveHint).toBe(true);
      // Creating something again creates it again: only an Idempotency-Key makes these retries safe.
      const creates = ['submit_listing', 'create_checkout', 'post_listing_update', 'add_milestone', 'invite_cofounder'];
      if (creates.includes(op.name)) expect(tool.annotations?.idempotentHint, op.name).toBe(false);
      expect(tool.annotations?.openWorldHint, op.name).toBe(['submit_listing', 'verify_badge'].includes(op.name));
    }
    await client.close();
  });
});
