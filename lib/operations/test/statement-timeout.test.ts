// Public reads run under the public pool's statement timeout; a query cut off by it is a 503
// service_busy with Retry-After on REST and the same problem in the MCP tool result.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '@/lib/operations';
import { defineOperation } from '@/lib/operations/define';
import { problemOfResult } from '@/lib/mcp/server';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { callMcpTool } from '@/test/support/mcp-call';

// Not lower: postgres.js fetches array types on each new connection, under the same timeout.
const handle = await useTestDatabase({ server: { publicStatementTimeoutMs: 300 } });

const sleepInput = z.strictObject({ seconds: z.coerce.number().min(0).max(5) });
const sleepOutput = z.object({ slept: z.boolean() });

const slowPublic = defineOperation({
  name: 'test_slow_public',
  method: 'GET',
  path: '/test/slow-public',
  scope: 'public',
  idempotent: false,
  tag: 'Test',
  summary: 'A public read that sleeps in PostgreSQL',
  input: sleepInput,
  output: sleepOutput,
  handler: async (ctx, input) => {
    await ctx.publicDb.execute(sql`select pg_sleep(${input.seconds})`);
    return { slept: true };
  },
});

const slowOwn = defineOperation({
  name: 'test_slow_own',
  method: 'GET',
  path: '/test/slow-own',
  scope: 'account:read',
  idempotent: false,
  tag: 'Test',
  summary: 'A read of own data that sleeps in PostgreSQL',
  input: sleepInput,
  output: sleepOutput,
  handler: async (ctx, input) => {
    await ctx.db.execute(sql`select pg_sleep(${input.seconds})`);
    return { slept: true };
  },
});

const app = await useApp({ ops: [...operations, slowPublic, slowOwn] });
const { db } = handle;
const account = await createAccount(db);

function mcpCall(name: string, args: Record<string, unknown>) {
  return callMcpTool(app.url, name, args, { headers: account.auth });
}

describe.skipIf(!process.env.DATABASE_URL)('the public statement timeout (PostgreSQL)', () => {
  it('a public read over the timeout → 503 service_busy with Retry-After on REST', async () => {
    const started = Date.now();
    const res = await fetch(`${app.url}/api/v1/test/slow-public?seconds=2`);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await res.json();
    expect(body).toMatchObject({ status: 503, code: 'service_busy', retry_after: 1 });
  });

  it('the same query as an MCP tool → the same problem in the tool result', async () => {
    const res = await mcpCall('test_slow_public', { seconds: 2 });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.isError).toBe(true);
    expect(problemOfResult(result)).toMatchObject({ status: 503, code: 'service_busy', retry_after: 1 });
  });

  it('a public read within the timeout answers', async () => {
    const res = await fetch(`${app.url}/api/v1/test/slow-public?seconds=0`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ slept: true });
  });

  it('a person’s own reads and the writes use the primary pool, without that timeout', async () => {
    const res = await fetch(`${app.url}/api/v1/test/slow-own?seconds=0.2`, { headers: account.auth });
    expect(res.status).toBe(200);
  });

  it('the public pool carries the timeout; the primary pool none', async () => {
    const timeoutOf = async (d: typeof db) =>
      ((await d.execute(sql`select current_setting('statement_timeout') as t`)) as unknown as { t: string }[])[0].t;
    expect(await timeoutOf(handle.publicDb!)).toBe('300ms');
    expect(await timeoutOf(handle.publicPrimaryDb!)).toBe('300ms');
    expect(await timeoutOf(db)).toBe('0');
  });
});
