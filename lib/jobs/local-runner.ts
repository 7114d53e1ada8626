// The local backend, used when no Inngest server is configured: the process-wide runner (started by
// boot to resume unfinished jobs, or on first send) and the clock that queues scheduled jobs.
import { randomUUID } from 'node:crypto';
import { getDb } from '@/db/client';
import { inngestConfigured } from '@/inngest/client';
import { cronMatches } from './cron';
import { enqueueLocal } from './queue';
import { eventJobs, scheduledJobs } from './registry';
import { runJob, runJobFailure } from './run-job';
import { LocalRunner } from './runner';
import type { AnyJobDefinition, LocalFunction, ScheduledJobDefinition } from './types';

export function localFunctionOf(job: AnyJobDefinition): LocalFunction {
  return {
    id: job.id,
    concurrencyLimit: job.concurrency?.limit ?? 1,
    maxAttempts: job.retries + 1,
    handler: ({ event, step }) => runJob(job, event.data, step),
    onFailure: (event) => runJobFailure(job, event.data),
  };
}

export function localScheduledFunctionOf(job: ScheduledJobDefinition): LocalFunction {
  return { id: job.id, concurrencyLimit: 1, maxAttempts: job.retries + 1, handler: ({ step }) => job.run(step) };
}

/**
 * Read when the runner starts, not when this module loads: domain code that sends jobs is imported
 * by job definitions (the job list → a definition → the domain → sendJob → here), so at load time
 * the job list may not be initialised yet.
 */
export const localFunctions = (): LocalFunction[] => [
  ...eventJobs.map(localFunctionOf),
  ...scheduledJobs.map(localScheduledFunctionOf),
];

const g = globalThis as unknown as { __localRunner?: LocalRunner; __localClock?: NodeJS.Timeout };

export function localRunner(): LocalRunner | null {
  if (inngestConfigured()) return null;
  if (!g.__localRunner) {
    g.__localRunner = new LocalRunner(localFunctions());
    g.__localRunner.start();
  }
  return g.__localRunner;
}

export async function stopLocalRunner() {
  const r = g.__localRunner;
  g.__localRunner = undefined;
  if (g.__localClock) clearTimeout(g.__localClock);
  g.__localClock = undefined;
  await r?.stop();
}

/**
 * Queues the scheduled jobs whose cron names this minute. The job key is the job and the minute, so
 * two processes on one database queue it once.
 */
export async function queueScheduledJobs(at: Date, jobs: ScheduledJobDefinition[] = scheduledJobs): Promise<number> {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  const due = jobs.filter((job) => cronMatches(job.cron, minute));
  if (due.length === 0) return 0;
  const db = await getDb();
  for (const job of due) {
    await enqueueLocal(db, {
      functionId: job.id,
      key: `${job.id}@${minute.toISOString()}`,
      event: { name: `scheduled/${job.id}`, data: { id: randomUUID() } },
      runAt: minute,
    });
  }
  localRunner()?.kick();
  return due.length;
}

/** Starts the runner and, at each minute, queues the scheduled jobs that are due (local backend only). */
export function startLocalJobs(): void {
  if (!localRunner() || g.__localClock) return;
  const tick = () => {
    const now = Date.now();
    void queueScheduledJobs(new Date(now)).catch((err) => console.error('[jobs] schedule failed:', err));
    g.__localClock = setTimeout(tick, 60_000 - (now % 60_000) + 50).unref();
  };
  g.__localClock = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50).unref();
}
