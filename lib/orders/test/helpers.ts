// Shared by the orders tests: listings for an account, REST and MCP callers, weeks relative to now.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import type { Db } from '@/db/client';
import { listings, promoCodes, sites, type ListingPlan, type ListingStatus } from '@/db/schema';
import { problemOfResult } from '@/lib/mcp/server';
import { addWeeks, isoWeekOf } from '@/lib/time/iso-week';

import { caller } from '@/lib/drafts/test/helpers';
import { createAccount } from '@/test/support/accounts';

export { caller };

/** The ISO week `n` weeks after the current one (real time: the REST face uses the clock). */
export const weekAhead = (n: number, now = new Date()) => addWeeks(isoWeekOf(now), n);

export async function makeListing(
  db: Db,
  ownerId: string,
  opts: { status?: ListingStatus; plan?: ListingPlan; name?: string; launchWeek?: string | null } = {},
) {
  const [site] = await db.select().from(sites).limit(1);
  const name = opts.name ?? `Prod ${randomBytes(3).toString('hex')}`;
  const [row] = await db
    .insert(listings)
    .values({
      siteId: site.id,
      ownerId,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`,
      name,
      url: 'https://example.com',
      status: opts.status ?? 'draft',
      plan: opts.plan ?? 'none',
      launchWeek: opts.launchWeek ?? null,
    })
    .returning();
  return row;
}

export async function makePromo(db: Db, values: Partial<typeof promoCodes.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(promoCodes)
    .values({ kind: 'percent', value: 2000, oncePerAccount: false, ...values })
    .returning();
  return row;
}

export const uniqueCode = (prefix = 'CODE') => `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;

export async function mcpClient(baseUrl: string, auth: Record<string, string>) {
  const client = new Client({ name: 'orders-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: auth } }),
  );
  return {
    client,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async call(name: string, args: Record<string, unknown>): Promise<{ ok: boolean; body: any }> {
      const res = await client.callTool({ name, arguments: args });
      return res.isError ? { ok: false, body: problemOfResult(res) } : { ok: true, body: res.structuredContent };
    },
  };
}

/** An operation context for calling the domain directly as `userId` (the site's pages do the same). */
export async function contextFor(
  db: Db,
  user: { id: string; email?: string | null },
  now = new Date(),
  ip = '198.51.100.7',
) {
  const { getSite } = await import('@/lib/site/site');
  return {
    db,
    publicDb: db,
    principal: {
      userId: user.id,
      email: user.email ?? null,
      name: null,
      role: 'member' as const,
      authKind: 'session' as const,
      scopes: ['account:read', 'listings:write', 'orders:write'] as (
        'account:read' | 'listings:write' | 'orders:write'
      )[],
      credentialId: 'test',
    },
    site: await getSite(db),
    now,
    baseUrl: 'http://shop.test',
    ip,
    face: 'web' as const,
  };
}

/**
 * New accounts with a REST caller and an MCP client on the app at `appUrl` (call at a test file's top
 * level: the clients close after its tests).
 */
export function accountsOn(db: Db, appUrl: string) {
  const clients: { client: { close(): Promise<void> } }[] = [];
  afterAll(async () => {
    for (const c of clients) await c.client.close();
  });
  return async () => {
    const a = await createAccount(db);
    const mcp = await mcpClient(appUrl, a.auth);
    clients.push(mcp);
    return { ...a, call: caller(appUrl, a.auth), mcp };
  };
}
