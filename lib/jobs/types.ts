import type { StepTools } from '@/inngest/functions/build-draft';

export type JobEvent = { name: string; data: Record<string, unknown> };

/** An Inngest function as the local runner sees it: the same handler, its limits. */
export type LocalFunction = {
  id: string;
  /** Jobs with the same concurrency key run at most this many at a time. */
  concurrencyLimit: number;
  maxAttempts: number;
  handler: (ctx: { event: JobEvent; step: StepTools }) => Promise<unknown>;
  onFailure?: (event: JobEvent, error: unknown) => Promise<void>;
};
