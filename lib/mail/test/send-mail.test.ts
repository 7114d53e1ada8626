import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/db/schema';
import { listOutbox } from '@/lib/mail/outbox';
import { sendMail } from '@/lib/mail/send-mail';
import { useTestDatabase } from '@/test/support/db';
import { startSmtpDouble } from './smtp-double';

const { db } = await useTestDatabase({ seed: false });
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@Example.test`;

describe('sendMail without SMTP_URL', () => {
  beforeAll(() => {
    delete process.env.SMTP_URL;
  });

  it('writes the outbox row (lower-cased recipient) and leaves it unsent', async () => {
    const to = unique('Ana');
    const result = await sendMail(db, {
      to,
      subject: 'Hello',
      text: 'Body with https://example.test/x',
      html: '<p>Body</p>',
      kind: 'invite',
    });
    expect(result.status).toBe('outbox');
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row).toMatchObject({
      to: to.toLowerCase(),
      subject: 'Hello',
      text: 'Body with https://example.test/x',
      html: '<p>Body</p>',
      kind: 'invite',
      sentAt: null,
      error: null,
    });
  });

  it('lists the outbox newest first and filters by recipient, case-insensitively', async () => {
    const to = unique('Bo');
    const first = await sendMail(db, { to, subject: 'first', text: 'one', kind: 'general' });
    const second = await sendMail(db, { to, subject: 'second', text: 'two', kind: 'general' });
    await sendMail(db, { to: unique('other'), subject: 'not for Bo', text: 'x', kind: 'general' });
    const mails = await listOutbox(db, { to: to.toUpperCase() });
    expect(mails.map((m) => m.id)).toEqual([second.id, first.id]);
  });

  it('refuses something that is not an address', async () => {
    await expect(sendMail(db, { to: 'nobody', subject: 's', text: 't', kind: 'general' })).rejects.toThrow(
      /not an email address/,
    );
  });
});

describe('sendMail with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
  beforeAll(async () => {
    smtp = await startSmtpDouble({ rejectRecipients: ['bounce@example.test'] });
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = 'Directory Test <robot@example.test>';
  });
  afterEach(() => {
    smtp.received.length = 0;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    await smtp.close();
  });

  it('delivers through SMTP from MAIL_FROM and records sent_at', async () => {
    const to = unique('cy');
    const result = await sendMail(db, {
      to,
      subject: 'Your invite',
      text: 'Join us at https://example.test/join',
      html: '<p>Join us</p>',
      kind: 'invite',
    });
    expect(result.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].from).toBe('robot@example.test');
    expect(smtp.received[0].to).toEqual([to.toLowerCase()]);
    expect(smtp.received[0].data).toContain('Subject: Your invite');
    expect(smtp.received[0].data).toContain('Join us at https://example.test/join');
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
  });

  it('keeps the row and records the error when the server refuses the recipient', async () => {
    const result = await sendMail(db, { to: 'bounce@example.test', subject: 'Nope', text: 'x', kind: 'notification' });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/550|recipient/i);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/550|recipient/i);
  });
});
