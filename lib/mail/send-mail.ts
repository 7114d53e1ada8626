// One way out for every email the site sends. The outbox row is always written (it is the record,
// and with no SMTP_URL it is the delivery: see /dev/mailbox); with SMTP_URL the mail is also sent
// through nodemailer and the row records sent_at or the error (and loses its links when they are
// credentials: see retention.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { redactLinks, SECRET_LINK_KINDS } from './retention';
import { hasUnsafeChars, mailLine } from './sanitize';
import { mailFrom, smtpTransport } from './transport';

export type MailKind = 'sign_in' | 'invite' | 'notification' | 'general' | (string & {});

export type OutgoingMail = {
  /** One recipient address. */
  to: string;
  subject: string;
  /** Plain-text body (always required: it is what the mailbox page shows). User-given parts go through mailLine(). */
  text: string;
  /** Optional HTML body; sent alongside the text when SMTP is configured. */
  html?: string;
  /** What the mail is for (e.g. 'sign_in', 'invite'); used to filter the outbox. */
  kind: MailKind;
  /**
   * An https (or local http) unsubscribe URL: sent as List-Unsubscribe, with List-Unsubscribe-Post
   * for one-click (RFC 8058; the URL must answer a POST). Mail to many people carries one.
   */
  listUnsubscribe?: string;
};

export type SentMail = {
  id: number;
  /** 'outbox': kept locally only (no SMTP_URL); 'sent': handed to SMTP; 'failed': SMTP refused it. */
  status: 'outbox' | 'sent' | 'failed';
  error?: string;
};

/** The List-Unsubscribe headers for `url`: only a clean http(s) URL becomes a header (headers are one line each). */
function listUnsubscribeHeaders(url: string | undefined): Record<string, string> | undefined {
  if (!url || hasUnsafeChars(url) || /[\s<>]/.test(url) || !/^https?:\/\//.test(url) || !URL.canParse(url))
    return undefined;
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * Records the mail in the outbox and, when SMTP_URL is set, delivers it.
 * Never throws for SMTP trouble: the failure is stored on the row and returned as status 'failed'
 * (callers that must not proceed without delivery check `status`).
 */
export async function sendMail(db: DbOrTx, mail: OutgoingMail): Promise<SentMail> {
  const to = mail.to.trim();
  if (!to || !to.includes('@') || hasUnsafeChars(to))
    throw new Error(`sendMail: not an email address: ${JSON.stringify(mail.to)}`);
  // The subject is a header: it is always one clean line, whoever wrote it.
  mail = { ...mail, subject: mailLine(mail.subject, 250) };
  const [row] = await db
    .insert(emailOutbox)
    .values({ to: to.toLowerCase(), subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind })
    .returning({ id: emailOutbox.id });

  const transport = smtpTransport();
  if (!transport) return { id: row.id, status: 'outbox' };
  try {
    await transport.sendMail({
      from: mailFrom(),
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: listUnsubscribeHeaders(mail.listUnsubscribe),
    });
    // Delivered: the stored copy of a sign-in or invite mail keeps no live link.
    const redact = SECRET_LINK_KINDS.includes(mail.kind)
      ? { text: redactLinks(mail.text), html: mail.html ? redactLinks(mail.html) : null }
      : {};
    await db
      .update(emailOutbox)
      .set({ sentAt: new Date(), error: null, ...redact })
      .where(eq(emailOutbox.id, row.id));
    return { id: row.id, status: 'sent' };
  } catch (err) {
    const error = (err as Error).message?.slice(0, 500) || 'SMTP delivery failed';
    await db.update(emailOutbox).set({ error }).where(eq(emailOutbox.id, row.id));
    console.error(`[mail] delivery to ${to} failed: ${error}`);
    return { id: row.id, status: 'failed', error };
  }
}
