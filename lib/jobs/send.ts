// sendJob: the one way in for background work, and the only place that knows which backend runs
// it — Inngest when it is configured, else the local runner's jobs table (in the caller's
// transaction when it passes one).
import { randomUUID } from 'node:crypto';
import { getDb, type DbOrTx } from '@/db/client';
import { inngest, inngestConfigured } from '@/inngest/client';
import { parsePayload, type JobEvent } from './events';
import { localRunner } from './local-runner';
import { enqueueLocal } from './queue';
import { eventJobs } from './registry';
import { payloadKey } from './run-job';

export async function sendJob(event: JobEvent, opts: { db?: DbOrTx } = {}): Promise<void> {
  const data: Record<string, unknown> = parsePayload(event.name, event.data);
  if (inngestConfigured()) {
    await inngest.send({ name: event.name, data });
    return;
  }
  const db = opts.db ?? (await getDb());
  for (const job of eventJobs.filter((j) => j.event === event.name)) {
    await enqueueLocal(db, {
      functionId: job.id,
      key: payloadKey(job, data, job.dedupeField) ?? randomUUID(),
      concurrencyKey: payloadKey(job, data, job.concurrency?.field),
      event: { name: event.name, data },
    });
  }
  localRunner()?.kick();
}
