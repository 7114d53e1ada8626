// Reading the outbox (the dev mailbox page and tests).
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailOutbox } from '@/db/schema';

export type OutboxMail = typeof emailOutbox.$inferSelect;

export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const to = opts.to?.trim().toLowerCase();
  return db
    .select()
    .from(emailOutbox)
    .where(to ? eq(emailOutbox.to, to) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(Math.min(Math.max(opts.limit ?? 50, 1), 200));
}

/** The dev mailbox is for local use only: in development, or when DEV_MAILBOX=1. */
export function devMailboxEnabled(): boolean {
  return process.env.NODE_ENV === 'development' || process.env.DEV_MAILBOX === '1';
}
