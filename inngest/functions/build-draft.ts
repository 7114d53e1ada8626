// Builds a draft in steps: robots + fetch, extract, draft, save. At most 3 drafts build at once
// per account; the rest wait. The handler is shared with the local runner.
import { getDb } from '@/db/client';
import { currentDrafter } from '@/lib/drafts/drafter-choice';
import { extractStep, fetchStep, markFailed, proposeFields, saveStep } from '@/lib/drafts/pipeline';
import type { Proposals } from '@/lib/drafts/types';
import { inngest } from '../client';

export const DRAFT_SUBMITTED = 'drafts/submitted';
export const BUILD_DRAFT_ID = 'build-draft';
export const DRAFTS_PER_ACCOUNT = 3;
export const BUILD_DRAFT_RETRIES = 3;

export type DraftSubmittedEvent = { name: typeof DRAFT_SUBMITTED; data: { draft_id: string; owner_id: string } };

/** The step tools the handler needs; both Inngest's and the local runner's provide them. */
export type StepTools = { run: <T>(id: string, fn: () => Promise<T>) => Promise<T> };

export async function buildDraftHandler({ event, step }: { event: { data: { draft_id: string } }; step: StepTools }) {
  const draftId = event.data.draft_id;
  const fetched = await step.run('fetch-pages', async () => {
    const r = await fetchStep(await getDb(), draftId);
    return r.ok ? { ok: true as const } : { ok: false as const, reason: 'reason' in r ? r.reason : 'skipped' };
  });
  if (!fetched.ok) return { draft_id: draftId, status: fetched.reason === 'skipped' ? 'skipped' : 'failed', reason: fetched.reason };
  await step.run('extract-pages', async () => extractStep(await getDb(), draftId));
  const drafted = await step.run('draft-fields', async () => {
    const drafter = currentDrafter();
    return { drafter: drafter.name, proposals: await proposeFields(await getDb(), draftId, drafter) };
  });
  await step.run('save-draft', async () => {
    await saveStep(await getDb(), draftId, drafted.proposals as Proposals, drafted.drafter);
    return { saved: true };
  });
  return { draft_id: draftId, status: 'ready' };
}

/** After the last retry: the draft is failed with a reason, never left building. */
export async function buildDraftFailed(draftId: string) {
  await markFailed(await getDb(), draftId, 'internal', 'Something went wrong while building the draft. Please submit the URL again.');
}

export const buildDraft = inngest.createFunction(
  {
    id: BUILD_DRAFT_ID,
    name: 'Build draft from website',
    triggers: [{ event: DRAFT_SUBMITTED }],
    concurrency: { key: 'event.data.owner_id', limit: DRAFTS_PER_ACCOUNT },
    retries: BUILD_DRAFT_RETRIES,
    onFailure: async ({ event }) => {
      const original = (event.data as { event?: { data?: { draft_id?: string } } }).event;
      if (original?.data?.draft_id) await buildDraftFailed(original.data.draft_id);
    },
  },
  async ({ event, step }) => buildDraftHandler({ event: event as unknown as DraftSubmittedEvent, step: step as unknown as StepTools }),
);
