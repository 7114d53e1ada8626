// What a job is, independent of the backend that runs it (Inngest or the local runner).
import type { JobEventName, JobPayload } from './events';

/** The step tools a job body uses; Inngest's and the local runner's both provide them. */
export type StepTools = { run: <T>(id: string, fn: () => Promise<T>) => Promise<T> };

/** A job started by an event (sendJob). */
export type JobDefinition<N extends JobEventName> = {
  id: string;
  name: string;
  event: N;
  /** At most `limit` jobs with the same value of this payload field run at a time. */
  concurrency?: { field: keyof JobPayload<N> & string; limit: number };
  /** The local queue holds one job per value of this payload field (sending it twice queues it once). */
  dedupeField?: keyof JobPayload<N> & string;
  /** Retries after the first attempt. */
  retries: number;
  run: (payload: JobPayload<N>, step: StepTools) => Promise<unknown>;
  /** After the last attempt failed. */
  onFailure?: (payload: JobPayload<N>) => Promise<void>;
};

export type AnyJobDefinition = { [N in JobEventName]: JobDefinition<N> }[JobEventName];

/** A job started by the clock: a cron expression in UTC ("TZ=UTC m h dom mon dow"). */
export type ScheduledJobDefinition = {
  id: string;
  name: string;
  cron: string;
  retries: number;
  run: (step: StepTools) => Promise<unknown>;
};

/** A row of the local jobs table carries the event as it was sent. */
export type QueuedEvent = { name: string; data: Record<string, unknown> };

/** A job as the local runner sees it: the body, its limits. */
export type LocalFunction = {
  id: string;
  /** Jobs with the same concurrency key run at most this many at a time. */
  concurrencyLimit: number;
  maxAttempts: number;
  handler: (ctx: { event: QueuedEvent; step: StepTools }) => Promise<unknown>;
  onFailure?: (event: QueuedEvent, error: unknown) => Promise<void>;
};
