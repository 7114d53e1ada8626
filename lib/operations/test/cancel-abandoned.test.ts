// A REST or MCP request whose client goes away cancels its running query: it is gone from
// pg_stat_activity within a second (db/cancel.ts), on the primary pool, the public pool and inside
// a transaction.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '@/lib/operations';
import { defineOperation } from '@/lib/operations/define';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { callMcpTool } from '@/test/support/mcp-call';

// A long public timeout, so that only the cancel can end the sleep within the test's second.
const { db } = await useTestDatabase({ server: { publicStatementTimeoutMs: 60_000 } });

const POOLS = ['primary', 'public', 'transaction'] as const;

const sleepOp = defineOperation({
  name: 'test_sleep',
  method: 'GET',
  path: '/test/sleep',
  scope: 'public',
  idempotent: false,
  tag: 'Test',
  summary: 'Sleeps 10 s in PostgreSQL',
  input: z.strictObject({ pool: z.enum(POOLS) }),
  output: z.object({ slept: z.boolean() }),
  handler: async (ctx, input) => {
    const sleep = sql`select pg_sleep(10)`;
    if (input.pool === 'public') await ctx.publicDb.execute(sleep);
    else if (input.pool === 'primary') await ctx.db.execute(sleep);
    else await ctx.db.transaction(async (tx) => tx.execute(sleep));
    return { slept: true };
  },
});

const app = await useApp({ ops: [...operations, sleepOp] });

async function sleepingQueries(): Promise<number> {
  const rows = (await db.execute(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and state = 'active' and query like 'select pg_sleep(10)%'
  `)) as unknown as { n: number }[];
  return rows[0].n;
}

async function waitFor(condition: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await condition()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not within ${withinMs} ms`);
}

/** Starts a request, waits until its query runs, closes the client; returns how long the query outlived it. */
async function abandon(send: (signal: AbortSignal) => Promise<Response>): Promise<number> {
  const client = new AbortController();
  const request = send(client.signal).catch((err: Error) => err);
  await waitFor(async () => (await sleepingQueries()) === 1, 5000);
  await new Promise((r) => setTimeout(r, 200));
  client.abort();
  expect(await request).toBeInstanceOf(Error);
  return waitFor(async () => (await sleepingQueries()) === 0, 1000);
}

describe.skipIf(!process.env.DATABASE_URL)('a gone client cancels its query (PostgreSQL)', () => {
  for (const pool of POOLS) {
    it(`REST, ${pool} pool: the query is gone within a second`, async () => {
      const outlived = await abandon((signal) => fetch(`${app.url}/api/v1/test/sleep?pool=${pool}`, { signal }));
      expect(outlived).toBeLessThan(1000);
    });
  }

  it('MCP tool call: the query is gone within a second', async () => {
    const outlived = await abandon((signal) =>
      callMcpTool(app.url, 'test_sleep', { pool: 'public' }, { signal }).then(async (res) => {
        await res.text(); // an SSE or JSON answer arrives only when the tool is done
        return res;
      }),
    );
    expect(outlived).toBeLessThan(1000);
  });
});
