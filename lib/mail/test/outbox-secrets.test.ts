// Issue 12 item 13 over HTTP: with SMTP configured the stored outbox copy of a sign-in or invite
// mail keeps no live link once delivered (the recipient got it by mail); housekeeping deletes old
// rows. Also item 5's header rule: a subject never carries a line break into SMTP.
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drafts, emailOutbox } from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { newDraftId } from '@/lib/drafts/submit-url';
import { purgeExpired } from '@/lib/housekeeping/purge';
import { REDACTED_LINK } from '@/lib/mail/retention';
import { sendMail } from '@/lib/mail/send-mail';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { startSmtpDouble } from './smtp-double';

delete process.env.AUTH_URL;
process.env.AUTH_SECRET = 'test-secret-for-outbox-redaction-0123456789';
const { handlers } = await import('@/lib/auth/auth');
const { db } = await useTestDatabase();
const app = await useApp({
  routes: [
    {
      prefix: '/api/auth',
      handler: (req) => (req.method === 'POST' ? handlers.POST : handlers.GET)(new NextRequest(req)),
    },
  ],
});
process.env.APP_URL = app.url.replace('127.0.0.1', 'localhost');

let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
beforeAll(async () => {
  smtp = await startSmtpDouble();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

async function requestSignInLink(email: string) {
  const csrf = await fetch(`${app.url}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${app.url}/api/auth/signin/nodemailer`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ csrfToken, email, callbackUrl: '/account' }),
  });
  expect(res.headers.get('location')).toContain('verify-request');
}

const rowsTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
const deliveredTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe('outbox copies of delivered mail', () => {
  it('keeps the sign-in link out of the stored row once SMTP took the mail', async () => {
    process.env.SMTP_URL = smtp.url;
    const email = `smtp-signin-${Date.now()}@example.test`;
    await requestSignInLink(email);
    const [delivered] = deliveredTo(email);
    expect(delivered.data).toContain('/api/auth/callback/nodemailer?');
    const [row] = await rowsTo(email);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.text).not.toContain('token=');
    expect(row.html).not.toContain('token=');
    expect(row.text).toContain(REDACTED_LINK);
  });

  it('keeps the invite link out of the stored row once SMTP took the mail', async () => {
    process.env.SMTP_URL = smtp.url;
    const owner = await createAccount(db, { name: 'Maria' });
    const [draft] = await db
      .insert(drafts)
      .values({
        id: newDraftId(),
        ownerId: owner.user.id,
        url: 'https://acme.example.com/',
        status: 'ready',
        phase: 'done',
        fields: emptyFields(),
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    const to = `smtp-invite-${Date.now()}@example.org`;
    const res = await fetch(`${app.url}/api/v1/drafts/${draft.id}/invites`, {
      method: 'POST',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ email: to }),
    });
    expect(res.status).toBe(201);
    expect(deliveredTo(to)[0].data).toMatch(/\/invites\/[\w-]{20,}/);
    const [row] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'invite')));
    expect(row.text).not.toMatch(/\/invites\/[\w-]{20,}/);
    expect(row.text).toContain(REDACTED_LINK);
  });

  it('keeps the link when there is no SMTP (the outbox is the delivery then)', async () => {
    delete process.env.SMTP_URL;
    const email = `outbox-only-${Date.now()}@example.test`;
    await requestSignInLink(email);
    const [row] = await rowsTo(email);
    expect(row.sentAt).toBeNull();
    expect(row.text).toContain('/api/auth/callback/nodemailer?');
  });

  it('never sends a subject with a line break (no header injection)', async () => {
    process.env.SMTP_URL = smtp.url;
    const to = `subject-${Date.now()}@example.test`;
    await sendMail(db, { to, subject: 'Hello\r\nBcc: everyone@example.org', text: 'x', kind: 'general' });
    const [delivered] = deliveredTo(to);
    expect(delivered.data).not.toMatch(/^Bcc:/im);
    expect(delivered.data).toContain('Subject: Hello Bcc: everyone@example.org');
    await expect(
      sendMail(db, { to: `${to}\r\nBcc: x@example.org`, subject: 's', text: 't', kind: 'general' }),
    ).rejects.toThrow(/not an email address/);
  });
});

describe('outbox housekeeping', () => {
  it('deletes sign-in mail after a day and other mail after OUTBOX_RETENTION_DAYS (30)', async () => {
    const now = new Date('2027-01-10T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const rows = await db
      .insert(emailOutbox)
      .values([
        { to: 'old-signin@example.test', subject: 's', text: 't', kind: 'sign_in', createdAt: ago(2) },
        { to: 'new-signin@example.test', subject: 's', text: 't', kind: 'sign_in', createdAt: ago(0.5) },
        { to: 'old-invite@example.test', subject: 's', text: 't', kind: 'invite', createdAt: ago(31) },
        { to: 'new-invite@example.test', subject: 's', text: 't', kind: 'invite', createdAt: ago(20) },
      ])
      .returning();
    await purgeExpired(db, now);
    const left = (await db.select().from(emailOutbox)).filter((r) => rows.some((x) => x.id === r.id)).map((r) => r.to);
    expect(left.sort()).toEqual(['new-invite@example.test', 'new-signin@example.test']);
  });
});
