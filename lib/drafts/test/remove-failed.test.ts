// A failed draft removed from the owner's drafts (the draft page's "Remove from my drafts"): it reads as
// not found on both faces and leaves the list, yet still counts against the day's draft quota. Only a
// failed draft can go, and only its owner's request removes it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drafts } from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { removeFailedDraft } from '@/lib/drafts/queries';
import { newDraftId } from '@/lib/drafts/submit-url';
import type { DraftStatus } from '@/lib/drafts/types';
import { AppError } from '@/lib/errors/app-error';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { callMcpTool } from '@/test/support/mcp-call';
import { caller } from './helpers';

process.env.DRAFTS_PER_DAY = '2';
const { db } = await useTestDatabase();
const app = await useApp();

async function draftOf(ownerId: string, status: DraftStatus) {
  const id = newDraftId();
  await db.insert(drafts).values({
    id,
    ownerId,
    url: `https://site-${id}.example.com/`,
    status,
    phase: status === 'failed' ? 'failed' : 'done',
    failureReason: status === 'failed' ? 'unreachable' : null,
    fields: emptyFields(),
  });
  return id;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.code : e),
  );

describe('removing a failed draft', () => {
  it('is gone from get_draft (REST and MCP) and list_my_drafts, and still counts against the quota', async () => {
    const owner = await createAccount(db);
    const call = caller(app.url, owner.auth);
    const failed = await draftOf(owner.user.id, 'failed');
    const kept = await draftOf(owner.user.id, 'failed');
    await removeFailedDraft(db, owner.user.id, failed, new Date());

    expect((await call('GET', `/drafts/${failed}`)).status).toBe(404);
    expect((await call('GET', `/drafts/${kept}`)).status).toBe(200);
    const mcp = await callMcpTool(app.url, 'get_draft', { id: failed }, { headers: owner.auth });
    expect(JSON.stringify(await mcp.json())).toContain('not_found');
    const list = await call('GET', '/drafts');
    expect(list.body.items.map((d: { id: string }) => d.id)).toEqual([kept]);
    expect(list.body.total).toBe(1);
    // Removing it again is not found; the quota of 2 a day still counts it.
    expect(await refusal(removeFailedDraft(db, owner.user.id, failed, new Date()))).toBe('not_found');
    const more = await call('POST', '/drafts', { url: 'https://example.com/' });
    expect(more.status).toBe(429);
  });

  it('refuses a draft that did not fail, and another account’s draft is not found', async () => {
    const owner = await createAccount(db);
    const other = await createAccount(db);
    const ready = await draftOf(owner.user.id, 'ready');
    const failed = await draftOf(owner.user.id, 'failed');
    expect(await refusal(removeFailedDraft(db, owner.user.id, ready, new Date()))).toBe('conflict');
    expect(await refusal(removeFailedDraft(db, other.user.id, failed, new Date()))).toBe('not_found');
    const rows = await db.select({ removedAt: drafts.removedAt }).from(drafts).where(eq(drafts.ownerId, owner.user.id));
    expect(rows.map((r) => r.removedAt)).toEqual([null, null]);
  });
});
