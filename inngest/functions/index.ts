// Every Inngest function, for `serve` and for the local runner.
import { buildDraft, buildDraftFailed, buildDraftHandler, BUILD_DRAFT_ID, BUILD_DRAFT_RETRIES, DRAFTS_PER_ACCOUNT } from './build-draft';
import type { LocalFunction } from '@/lib/jobs/types';
import { housekeeping } from './housekeeping';

export const functions = [buildDraft, housekeeping];

export const localFunctions: LocalFunction[] = [
  {
    id: BUILD_DRAFT_ID,
    concurrencyLimit: DRAFTS_PER_ACCOUNT,
    maxAttempts: BUILD_DRAFT_RETRIES + 1,
    handler: buildDraftHandler as unknown as LocalFunction['handler'],
    onFailure: (event) => buildDraftFailed(String(event.data.draft_id)),
  },
];
