// Every Inngest function, made from the job registry (lib/jobs/registry.ts), for `serve`. The
// local runner is made from the same list (lib/jobs/local-runner.ts).
import { eventJobs, scheduledJobs } from '@/lib/jobs/registry';
import { runJob, runJobFailure } from '@/lib/jobs/run-job';
import type { AnyJobDefinition, ScheduledJobDefinition, StepTools } from '@/lib/jobs/types';
import { inngest } from '../client';

type InngestRetries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
const retriesOf = (n: number): InngestRetries => Math.max(0, Math.min(10, n)) as InngestRetries;

/** Inngest's step.run, seen through the step tools a job body uses. */
type InngestStep = { run: (id: string, fn: () => Promise<unknown>) => Promise<unknown> };
function stepTools(step: InngestStep): StepTools {
  return { run: <T>(id: string, fn: () => Promise<T>) => step.run(id, fn) as Promise<T> };
}

export function inngestFunctionOf(job: AnyJobDefinition) {
  return inngest.createFunction(
    {
      id: job.id,
      name: job.name,
      triggers: [{ event: job.event }],
      retries: retriesOf(job.retries),
      ...(job.concurrency
        ? { concurrency: { key: `event.data.${job.concurrency.field}`, limit: job.concurrency.limit } }
        : {}),
      onFailure: async ({ event }) => runJobFailure(job, event.data.event.data),
    },
    async ({ event, step }) => runJob(job, event.data, stepTools(step)),
  );
}

export function inngestScheduledFunctionOf(job: ScheduledJobDefinition) {
  return inngest.createFunction(
    { id: job.id, name: job.name, triggers: [{ cron: job.cron }], retries: retriesOf(job.retries) },
    async ({ step }) => job.run(stepTools(step)),
  );
}

export const functions = [...eventJobs.map(inngestFunctionOf), ...scheduledJobs.map(inngestScheduledFunctionOf)];
