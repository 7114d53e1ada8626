// Builds a draft in steps: robots + fetch, extract, draft, save. At most 3 drafts build at once
// per account; the rest wait. Runs on Inngest or the local runner (lib/jobs/send.ts picks).
import { getDb } from '@/db/client';
import { currentDrafter } from '@/lib/drafts/drafter-choice';
import { extractStep, fetchStep, markFailed, proposeFields, saveStep } from '@/lib/drafts/pipeline';
import type { JobDefinition } from '../types';

export const BUILD_DRAFT_ID = 'build-draft';
export const DRAFTS_PER_ACCOUNT = 3;

export const buildDraftJob: JobDefinition<'drafts/submitted'> = {
  id: BUILD_DRAFT_ID,
  name: 'Build draft from website',
  event: 'drafts/submitted',
  concurrency: { field: 'owner_id', limit: DRAFTS_PER_ACCOUNT },
  dedupeField: 'draft_id',
  retries: 3,
  run: async ({ draft_id: draftId }, step) => {
    const fetched = await step.run('fetch-pages', async () => {
      const r = await fetchStep(await getDb(), draftId);
      return r.ok ? { ok: true as const } : { ok: false as const, reason: 'reason' in r ? r.reason : 'skipped' };
    });
    if (!fetched.ok)
      return { draft_id: draftId, status: fetched.reason === 'skipped' ? 'skipped' : 'failed', reason: fetched.reason };
    await step.run('extract-pages', async () => extractStep(await getDb(), draftId));
    const drafted = await step.run('draft-fields', async () => {
      const drafter = currentDrafter();
      return { drafter: drafter.name, proposals: await proposeFields(await getDb(), draftId, drafter) };
    });
    await step.run('save-draft', async () => {
      await saveStep(await getDb(), draftId, drafted.proposals, drafted.drafter);
      return { saved: true };
    });
    return { draft_id: draftId, status: 'ready' };
  },
  // After the last retry: the draft is failed with a reason, never left building.
  onFailure: async ({ draft_id: draftId }) => {
    await markFailed(
      await getDb(),
      draftId,
      'internal',
      'Something went wrong while building the draft. Please submit the URL again.',
    );
  },
};
