// Enqueueing work: to Inngest when it is configured, else into the local runner's jobs table.
import type { DbOrTx } from '@/db/client';
import { jobs } from '@/db/schema';
import type { JobEvent } from './types';

export async function enqueueLocal(db: DbOrTx, job: { functionId: string; key: string; concurrencyKey?: string | null; event: JobEvent; runAt?: Date }) {
  await db
    .insert(jobs)
    .values({ functionId: job.functionId, key: job.key, concurrencyKey: job.concurrencyKey ?? null, event: job.event, runAt: job.runAt ?? new Date() })
    .onConflictDoNothing();
}
