// The one way a backend runs a job body: parse the payload with the event's schema, then run.
import { parsePayload } from './events';
import type { AnyJobDefinition, StepTools } from './types';

/** A job's body and failure handler taking its parsed payload (the union of events, narrowed by `event`). */
type Body = (payload: unknown, step: StepTools) => Promise<unknown>;

export function runJob(job: AnyJobDefinition, data: unknown, step: StepTools): Promise<unknown> {
  return (job.run as Body)(parsePayload(job.event, data), step);
}

/** The failure handler of a job, when it has one and the payload is readable. */
export async function runJobFailure(job: AnyJobDefinition, data: unknown): Promise<void> {
  if (!job.onFailure) return;
  await (job.onFailure as (payload: unknown) => Promise<void>)(parsePayload(job.event, data));
}

/** The value of one payload field, as a key (concurrency, dedupe). */
export function payloadKey(job: AnyJobDefinition, data: unknown, field: string | undefined): string | null {
  if (!field) return null;
  const payload: Record<string, unknown> = parsePayload(job.event, data);
  return String(payload[field]);
}
