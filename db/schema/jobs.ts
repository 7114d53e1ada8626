// The local durable job runner (docs/decisions.md#durable-jobs): used when no Inngest server is configured.
// Each step's result is stored so a restarted process resumes where it stopped.
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './types';

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** Inngest function id, e.g. build-draft */
    functionId: text('function_id').notNull(),
    /** Deduplication key: one unfinished job per key (e.g. the draft id). */
    key: text('key').notNull(),
    /** Jobs sharing a concurrency key run at most `limit` at a time (e.g. per account). */
    concurrencyKey: text('concurrency_key'),
    event: jsonb('event').$type<{ name: string; data: Record<string, unknown> }>().notNull(),
    /** queued | running | completed | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt), uniqueIndex('jobs_function_key_idx').on(t.functionId, t.key)],
);

export const jobSteps = pgTable(
  'job_steps',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.stepId] })],
);
