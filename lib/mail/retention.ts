// How long mail is kept, and what of it (docs/security.md). The outbox is the record of what was
// sent, not a store of live credentials: once SMTP has taken a sign-in or invite mail, the stored
// copy loses its links; housekeeping deletes old rows.
import { and, eq, lt, or, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailOutbox } from '@/db/schema';

/** Kinds whose links are credentials (a magic link signs in, an invite link joins a draft). */
export const SECRET_LINK_KINDS = ['sign_in', 'invite'];
export const REDACTED_LINK = '[link removed after delivery]';
const DAY_MS = 24 * 60 * 60 * 1000;

export function redactLinks(text: string): string {
  return text.replace(/https?:\/\/[^\s<>"']+/g, REDACTED_LINK);
}

/** Days a mail stays in the outbox (OUTBOX_RETENTION_DAYS, default 30); sign-in mails only a day (their links expire in 24 h). */
export function outboxRetentionDays(): number {
  const days = Number(process.env.OUTBOX_RETENTION_DAYS);
  return Number.isFinite(days) && days > 0 ? days : 30;
}

/** Deletes sign-in mails older than a day and every mail older than the retention; returns how many. */
export async function purgeOldMail(db: Db, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const retention = new Date(now.getTime() - outboxRetentionDays() * DAY_MS);
  const rows = await db
    .delete(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.kind, 'sign_in'), lt(emailOutbox.createdAt, dayAgo)),
        and(ne(emailOutbox.kind, 'sign_in'), lt(emailOutbox.createdAt, retention)),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}
