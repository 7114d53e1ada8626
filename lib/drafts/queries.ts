// Reading drafts. Another account's draft is "not found" (docs/decisions.md#not-yours-is-not-found: never reveal ids).
import { and, asc, count, desc, eq, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { draftInvites, draftPages, drafts } from '@/db/schema';
import { AppError, notFound } from '@/lib/errors/app-error';
import { offsetOf, toPage } from '@/lib/pagination';
import { toDraftSummary, toDraftView } from './view';

export type DraftRow = typeof drafts.$inferSelect;

export async function loadOwnDraft(db: DbOrTx, ownerId: string, id: string): Promise<DraftRow> {
  const [row] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.ownerId, ownerId), isNull(drafts.removedAt)));
  if (!row) throw notFound('Draft');
  return row;
}

/**
 * The owner removes a failed draft from their drafts (it holds nothing to keep: a retry or another
 * address is a new draft). It then reads as not found everywhere; the row stays, so it still counts
 * against the day's draft quota. A draft that is building, ready or submitted is refused (409).
 */
export async function removeFailedDraft(db: DbOrTx, ownerId: string, id: string, now: Date): Promise<void> {
  const row = await loadOwnDraft(db, ownerId, id);
  if (row.status !== 'failed')
    throw new AppError('conflict', 'Only a draft that failed to build can be removed from your drafts.');
  await db
    .update(drafts)
    .set({ removedAt: now })
    .where(and(eq(drafts.id, row.id), isNull(drafts.removedAt)));
}

/** The one refusal for a failed draft, whatever is asked of it (edit, submit, invite): 409 conflict. */
export function draftFailed(): AppError {
  return new AppError('conflict', 'This draft failed to build; submit the URL again to start a new one.');
}

export async function draftView(db: DbOrTx, row: DraftRow) {
  const [pages, invites] = await Promise.all([
    db
      .select({ url: draftPages.url, title: draftPages.title, kind: draftPages.kind, status: draftPages.status })
      .from(draftPages)
      .where(eq(draftPages.draftId, row.id))
      .orderBy(asc(draftPages.position), asc(draftPages.id)),
    db.select().from(draftInvites).where(eq(draftInvites.draftId, row.id)).orderBy(asc(draftInvites.id)),
  ]);
  return toDraftView(row, pages, invites);
}

export async function getDraft(db: DbOrTx, ownerId: string, id: string) {
  return draftView(db, await loadOwnDraft(db, ownerId, id));
}

/**
 * A failed draft of a URL the owner submitted again since (each "Try again" makes a new draft): it
 * holds nothing the newer one lacks, so lists leave it out; get_draft still answers for it.
 */
const supersededFailure = sql`(${drafts.status} = 'failed' and exists (select 1 from ${drafts} newer
  where newer.owner_id = ${drafts.ownerId} and newer.url = ${drafts.url} and newer.created_at > ${drafts.createdAt}))`;

export async function listDrafts(db: DbOrTx, ownerId: string, page: { page: number; per_page: number }) {
  const listed = and(eq(drafts.ownerId, ownerId), isNull(drafts.removedAt), not(supersededFailure));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(drafts)
      .where(listed)
      .orderBy(desc(drafts.createdAt), desc(drafts.id))
      .limit(page.per_page)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(drafts).where(listed),
  ]);
  return toPage(rows.map(toDraftSummary), total, page);
}
