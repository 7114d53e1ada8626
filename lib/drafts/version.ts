// A draft's version: one more on every write that changes updated_at, so a client that sends the
// version it loaded (update_draft's `version`, REST If-Match) never silently overwrites a newer write.
import { sql } from 'drizzle-orm';
import { drafts } from '@/db/schema';
import { staleVersionDetail } from '@/lib/errors/version-conflict';
import { AppError } from '@/lib/errors/app-error';
import type { DraftView } from './types';

/** For `.set({ ...nextVersion(), ... })` in every drafts update that touches updated_at. */
export const nextVersion = () => ({ version: sql`${drafts.version} + 1` });

/** 409 version_conflict carrying the draft as it is now (`current`), so the caller can merge and retry. */
export function versionConflict(sent: number, current: DraftView): AppError {
  return new AppError(
    'version_conflict',
    staleVersionDetail(
      'draft',
      sent,
      current.version,
      'Merge your changes into current and send them again with its version.',
    ),
    {
      extra: { current_version: current.version, current },
    },
  );
}
