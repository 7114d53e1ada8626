// The own-listings operations as MCP tools, through the real v1 SDK client (which checks each
// structured result against the tool's output schema): the same answers as REST, another account's
// listing is 404 on each tool, and an edit's version records the face mcp.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingVersions } from '@/db/schema';
import { problemOfResult } from '@/lib/mcp/server';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { makeListing } from './fixtures';

const { db } = await useTestDatabase();
const app = await useApp();

async function connect(auth: Record<string, string>) {
  const client = new Client({ name: 'own-listings-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: auth } }),
  );
  return client;
}

let owner: Awaited<ReturnType<typeof createAccount>>;
let mine: Client;
let theirs: Client;
beforeAll(async () => {
  owner = await createAccount(db);
  mine = await connect(owner.auth);
  theirs = await connect((await createAccount(db)).auth);
});
afterAll(async () => {
  await mine.close();
  await theirs.close();
});

async function ok<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const res = await client.callTool({ name, arguments: args });
  expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
  return res.structuredContent as T;
}

describe('own listings over MCP', () => {
  it('lists the three tools', async () => {
    const names = (await mine.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['list_my_listings', 'get_my_listing', 'update_my_listing']));
  });

  it('lists, reads and edits a listing; the version says mcp', async () => {
    const url = 'https://mcp-own.example.com';
    const l = await makeListing(db, owner.user.id, { url });
    const makers = await makeListing(db, owner.user.id, { url, site: 'makers' });
    const page = await ok<{ items: { id: number }[]; total: number }>(mine, 'list_my_listings', { per_page: 10 });
    expect(page.items.map((i) => i.id)).toEqual([makers.id, l.id]);
    const got = await ok<{ id: number; version: number; other_sites: { site_key: string }[] }>(mine, 'get_my_listing', {
      listing_id: l.id,
    });
    expect(got).toMatchObject({ id: l.id, version: 0, other_sites: [{ site_key: 'makers' }] });

    const edited = await ok<{ version_created: number; changed_fields: string[]; applied_to: unknown[] }>(
      mine,
      'update_my_listing',
      {
        listing_id: l.id,
        version: 0,
        fields: { summary: 'Edited by an agent.', founded_year: 2021 },
        apply_to: ['makers'],
        idempotency_key: 'mcp-edit-1',
      },
    );
    expect(edited).toMatchObject({
      version_created: 1,
      applied_to: [{ listing_id: makers.id, changed_fields: ['founded_year'] }],
    });
    expect(edited.changed_fields.sort()).toEqual(['founded_year', 'summary']);
    const [v] = await db.select().from(listingVersions).where(eq(listingVersions.listingId, l.id));
    expect(v).toMatchObject({ face: 'mcp', source: 'update_my_listing', actorId: owner.user.id });

    const stale = await mine.callTool({
      name: 'update_my_listing',
      arguments: { listing_id: l.id, version: 0, fields: { summary: 'Stale' } },
    });
    expect(stale.isError).toBe(true);
    expect(problemOfResult(stale)).toMatchObject({ status: 409, code: 'version_conflict', current_version: 1 });
  });

  it('answers 404 for another account’s listing on every tool, and changes nothing', async () => {
    const l = await makeListing(db, owner.user.id);
    for (const [name, args] of [
      ['get_my_listing', { listing_id: l.id }],
      ['update_my_listing', { listing_id: l.id, fields: { headline: 'Taken over' } }],
    ] as const) {
      const res = await theirs.callTool({ name, arguments: args });
      expect(res.isError, name).toBe(true);
      expect(problemOfResult(res)).toMatchObject({ status: 404, code: 'not_found' });
    }
    const list = await ok<{ items: { id: number }[] }>(theirs, 'list_my_listings', {});
    expect(list.items.map((i) => i.id)).not.toContain(l.id);
    expect(await db.select().from(listingVersions).where(eq(listingVersions.listingId, l.id))).toHaveLength(0);
  });
});
