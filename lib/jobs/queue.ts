// A job row for the local runner (lib/jobs/send.ts decides whether the local runner is used).
import type { DbOrTx } from '@/db/client';
import { jobs } from '@/db/schema';
import type { QueuedEvent } from './types';

export async function enqueueLocal(
  db: DbOrTx,
  job: { functionId: string; key: string; concurrencyKey?: string | null; event: QueuedEvent; runAt?: Date },
) {
  await db
    .insert(jobs)
    .values({
      functionId: job.functionId,
      key: job.key,
      concurrencyKey: job.concurrencyKey ?? null,
      event: job.event,
      runAt: job.runAt ?? new Date(),
    })
    .onConflictDoNothing();
}
