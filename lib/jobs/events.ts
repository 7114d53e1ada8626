// Every job event: its name and the zod schema of its payload, written once. sendJob parses a
// payload before it leaves; each backend parses it again before a job body sees it.
import { z } from 'zod';

export const jobEvents = {
  /** A founder submitted a URL: build the draft (fetch, extract, draft, save). */
  'drafts/submitted': z.object({ draft_id: z.string().min(1), owner_id: z.string().min(1) }),
  /** An owner posted an update: mail the listing's followers (lib/jobs/definitions/notify-followers.ts). */
  'listings/update-posted': z.object({ update_id: z.number().int().positive() }),
  /** Look for the launch badge on a free listing's site (the free plan was chosen, or the daily check). */
  'launches/badge-check': z.object({ listing_id: z.number().int().positive(), reason: z.enum(['chosen', 'daily']) }),
  /** A listing went live: tell the followers of the maker's other products. */
  'launches/went-live': z.object({ listing_id: z.number().int().positive() }),
};

export type JobEventName = keyof typeof jobEvents;
export type JobPayload<N extends JobEventName> = z.output<(typeof jobEvents)[N]>;
export type JobEvent<N extends JobEventName = JobEventName> = { [K in N]: { name: K; data: JobPayload<K> } }[N];

/** The payload of `name` from untrusted data (a queued row, an Inngest event), or a thrown ZodError. */
export function parsePayload<N extends JobEventName>(name: N, data: unknown): JobPayload<N> {
  return jobEvents[name].parse(data) as JobPayload<N>;
}
