// The few columns the progress bar needs, read without the draft's fields (polled every 1.5 s).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { draftPages, drafts } from '@/db/schema';
import { progressPercent } from '@/lib/drafts/view';
import type { DraftStatus, FailureReason, Phase } from '@/lib/drafts/types';

export type DraftStatusView = {
  status: DraftStatus;
  phase: Phase;
  pages_fetched: number;
  pages_planned: number;
  percent: number;
  failure: { reason: FailureReason; message: string } | null;
  pages: { url: string; status: string }[];
};

export async function draftStatus(db: DbOrTx, ownerId: string, id: string): Promise<DraftStatusView | null> {
  const [row] = await db
    .select({
      status: drafts.status,
      phase: drafts.phase,
      pagesFetched: drafts.pagesFetched,
      pagesPlanned: drafts.pagesPlanned,
      failureReason: drafts.failureReason,
      failureMessage: drafts.failureMessage,
    })
    .from(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.ownerId, ownerId), isNull(drafts.removedAt)));
  if (!row) return null;
  const pages = await db
    .select({ url: draftPages.url, status: draftPages.status })
    .from(draftPages)
    .where(eq(draftPages.draftId, id))
    .orderBy(asc(draftPages.position), asc(draftPages.id))
    .limit(25);
  return {
    status: row.status as DraftStatus,
    phase: row.phase as Phase,
    pages_fetched: row.pagesFetched,
    pages_planned: row.pagesPlanned,
    percent: progressPercent(row),
    failure: row.failureReason
      ? { reason: row.failureReason as FailureReason, message: row.failureMessage ?? '' }
      : null,
    pages,
  };
}
