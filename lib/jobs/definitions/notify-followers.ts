// Mails every follower of a listing about a new update, in batches (one step each), so 10,000
// followers never hold a request open. Each follower gets exactly one mail per update even when the
// job is retried mid-way: a batch marks whom it mailed in update_deliveries, in the same transaction
// as the mail (lib/listing-content/fan-out.ts; docs/decisions.md#follower-mail).
import { getDb } from '@/db/client';
import { mailFollowersBatch, type BatchResult } from '@/lib/listing-content/fan-out';
import type { JobDefinition } from '../types';

export const NOTIFY_FOLLOWERS_ID = 'notify-followers';

export const notifyFollowersJob: JobDefinition<'listings/update-posted'> = {
  id: NOTIFY_FOLLOWERS_ID,
  name: 'Mail followers about an update',
  event: 'listings/update-posted',
  dedupeField: 'update_id',
  retries: 5,
  run: async ({ update_id: updateId }, step) => {
    let cursor: string | null = null;
    let mailed = 0;
    for (let batch = 0; ; batch++) {
      // Step ids follow the batches, so a retry replays the finished ones and resumes at the first unfinished one.
      const from = cursor;
      const result: BatchResult = await step.run(`mail-batch-${batch}`, async () =>
        mailFollowersBatch(await getDb(), updateId, from),
      );
      mailed += result.mailed;
      if (result.done) return { update_id: updateId, mailed, batches: batch + 1 };
      cursor = result.cursor;
    }
  },
};
