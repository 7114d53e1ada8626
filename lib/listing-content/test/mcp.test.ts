// post_listing_update, add_milestone and delete_milestone as MCP tools (the v1 SDK client checks each
// structured result against the tool's output schema): the same answers and problems as REST,
// 404 for another account's listing or milestone, 409 for a listing that is not live.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingMilestones, listingUpdates, LISTING_STATUS } from '@/db/schema';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { problemOfResult } from '@/lib/mcp/server';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { ownListing } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();
let mine: Client;
let theirs: Client;
let listing: Awaited<ReturnType<typeof ownListing>>;

async function connect(auth: Record<string, string>) {
  const client = new Client({ name: 'listing-content-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: auth } }),
  );
  return client;
}

beforeAll(async () => {
  const owner = await createAccount(db);
  listing = await ownListing(db, owner.user.id);
  mine = await connect(owner.auth);
  theirs = await connect((await createAccount(db)).auth);
});
afterAll(async () => {
  await mine.close();
  await theirs.close();
  await stopLocalRunner();
});

async function call<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const res = await client.callTool({ name, arguments: args });
  expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
  return res.structuredContent as T;
}
async function problem(client: Client, name: string, args: Record<string, unknown>) {
  const res = await client.callTool({ name, arguments: args });
  expect(res.isError).toBe(true);
  return problemOfResult(res);
}

describe('listing content over MCP', () => {
  it('lists the three tools', async () => {
    const names = (await mine.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['post_listing_update', 'add_milestone', 'delete_milestone']));
    const post = (await mine.listTools()).tools.find((t) => t.name === 'post_listing_update')!;
    const props = post.inputSchema.properties as Record<string, { maxLength?: number }>;
    expect(props.title.maxLength).toBe(120);
    expect(props.body.maxLength).toBe(5000);
  });

  it('post_listing_update posts, and answers 404 for another account and 409 for a listing not live', async () => {
    const posted = await call<{ id: number; url: string; followers: number }>(mine, 'post_listing_update', {
      listing_id: listing.id,
      title: 'Over MCP',
      body: 'Posted by an agent.',
    });
    expect(posted.url).toContain(`/p/${listing.slug}#updates`);
    expect(posted.followers).toBe(0);
    expect(
      await problem(theirs, 'post_listing_update', { listing_id: listing.id, title: 'Hijack', body: 'No.' }),
    ).toMatchObject({ status: 404, code: 'not_found' });
    const draft = await ownListing(db, (await createAccount(db)).user.id, { status: LISTING_STATUS.draft });
    expect(await problem(theirs, 'post_listing_update', { listing_id: draft.id, title: 'x', body: 'y' })).toMatchObject(
      {
        status: 404,
      },
    );
    const owner2 = await createAccount(db);
    const notLive = await ownListing(db, owner2.user.id, { status: LISTING_STATUS.awaitingBadge });
    const client2 = await connect(owner2.auth);
    try {
      const p = await problem(client2, 'post_listing_update', { listing_id: notLive.id, title: 'x', body: 'y' });
      expect(p).toMatchObject({ status: 409, code: 'conflict' });
      expect(p?.detail).toContain('waiting for its badge');
    } finally {
      await client2.close();
    }
    expect(await db.select().from(listingUpdates).where(eq(listingUpdates.title, 'Hijack'))).toHaveLength(0);
  });

  it('add_milestone replays an idempotency_key; delete_milestone removes it; another account gets 404 on both', async () => {
    const args = { listing_id: listing.id, date: '2026-02-14', title: 'Shipped v2', idempotency_key: 'mcp-m-1' };
    const m = await call<{ id: number; date: string }>(mine, 'add_milestone', args);
    expect(m.date).toBe('2026-02-14');
    expect((await call<{ id: number }>(mine, 'add_milestone', args)).id).toBe(m.id);
    expect(await db.select().from(listingMilestones).where(eq(listingMilestones.title, 'Shipped v2'))).toHaveLength(1);
    expect(
      await problem(mine, 'add_milestone', { listing_id: listing.id, date: '2026-02-30', title: 'Nope' }),
    ).toMatchObject({ status: 422 });
    // A key that is not text is refused (String() made every object the key "[object Object]").
    for (const key of [{ a: 1 }, 12345, ''])
      expect(
        await problem(mine, 'add_milestone', {
          listing_id: listing.id,
          date: '2026-02-15',
          title: 'Keyed',
          idempotency_key: key,
        }),
      ).toMatchObject({ status: 400, code: 'idempotency_key_invalid' });
    expect(await db.select().from(listingMilestones).where(eq(listingMilestones.title, 'Keyed'))).toHaveLength(0);

    expect(
      await problem(theirs, 'add_milestone', { listing_id: listing.id, date: '2026-01-01', title: 'x' }),
    ).toMatchObject({ status: 404, code: 'not_found' });
    expect(await problem(theirs, 'delete_milestone', { listing_id: listing.id, milestone_id: m.id })).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await call(mine, 'delete_milestone', { listing_id: listing.id, milestone_id: m.id })).toEqual({
      deleted: true,
      id: m.id,
      listing_version: expect.any(Number),
    });
    expect(await problem(mine, 'delete_milestone', { listing_id: listing.id, milestone_id: m.id })).toMatchObject({
      status: 404,
    });
  });
});
