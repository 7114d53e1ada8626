// Issue 12 item 6 over HTTP: each credential gets API_RATE_LIMIT requests a minute across /api/v1
// and /mcp, announced with RateLimit-Policy / RateLimit; past it a 429 problem+json with Retry-After.
import { describe, expect, it } from 'vitest';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';

process.env.API_RATE_LIMIT = '5';
const { db } = await useTestDatabase();
const app = await useApp();

const me = (auth: Record<string, string> = {}) => fetch(`${app.url}/api/v1/me`, { headers: auth });
const initialize = (auth: Record<string, string>) =>
  fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...auth,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });

describe('per-credential API rate limit', () => {
  it('announces the policy and what is left, then answers 429 problem+json with Retry-After', async () => {
    const { auth } = await createAccount(db);
    for (let left = 4; left >= 0; left--) {
      const res = await me(auth);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"api";q=5;w=60');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"api";r=${left};t=\\d+$`));
    }
    const refused = await me(auth);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"api";r=0;t=\d+$/);
    expect(await refused.json()).toMatchObject({ status: 429, code: 'rate_limited' });
  });

  it('shares one budget between /api/v1 and /mcp, and keeps credentials apart', async () => {
    const a = await createAccount(db);
    const b = await createAccount(db);
    for (let i = 0; i < 3; i++) expect((await me(a.auth)).status).toBe(200);
    const first = await initialize(a.auth);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit')).toMatch(/^"api";r=1;/);
    expect((await initialize(a.auth)).status).toBe(200);
    const refused = await initialize(a.auth);
    expect(refused.status).toBe(429);
    // On /mcp the refusal is a JSON-RPC error an MCP client reads (it was problem+json), with Retry-After.
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // It answers the request's own id, with the REST problem object as its data.
    expect(await refused.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, data: { status: 429, code: 'rate_limited', retry_after: expect.any(Number) } },
    });
    expect((await me(b.auth)).status).toBe(200);
  });

  it('limits anonymous callers per client IP when TRUST_PROXY names the hop', async () => {
    process.env.TRUST_PROXY = '1'; // the test server puts the socket address in X-Forwarded-For
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await fetch(`${app.url}/api/v1/categories`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});
