// Issue 12 item 5 over REST: co-founder invites cannot relay phishing. Only ready/submitted drafts
// invite; an account and a recipient have daily limits; a product or inviter name with line breaks
// reaches neither the subject nor the body as a new line.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drafts, emailOutbox, founderProfiles } from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { getInvite, INVITES_PER_ACCOUNT_PER_DAY, INVITES_PER_RECIPIENT_PER_DAY } from '@/lib/drafts/invites';
import { newDraftId } from '@/lib/drafts/submit-url';
import type { DraftStatus } from '@/lib/drafts/types';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { caller } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();

/** A draft as the builder leaves it, with `name` as the product name. */
async function draftOf(ownerId: string, status: DraftStatus, name = 'Acme') {
  const fields = emptyFields();
  fields.name = { ...fields.name, value: name, state: 'ai' };
  const [row] = await db
    .insert(drafts)
    .values({
      id: newDraftId(),
      ownerId,
      url: 'https://acme.example.com/',
      status,
      phase: 'done',
      fields,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  return row.id;
}

const invitesTo = (to: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'invite')));

describe('co-founder invite abuse', () => {
  it('sends only from ready or submitted drafts', async () => {
    const owner = await createAccount(db);
    const call = caller(app.url, owner.auth);
    for (const status of ['failed', 'crawling', 'drafting'] as const) {
      const id = await draftOf(owner.user.id, status);
      const res = await call('POST', `/drafts/${id}/invites`, { email: `from-${status}@example.org` });
      expect(res.status).toBe(409);
      // A failed draft is refused as editing and submitting it are (conflict); one still building is not ready yet.
      expect(res.body).toMatchObject({ code: status === 'failed' ? 'conflict' : 'draft_not_ready' });
      expect(await invitesTo(`from-${status}@example.org`)).toHaveLength(0);
    }
    for (const status of ['ready', 'submitted'] as const) {
      const id = await draftOf(owner.user.id, status);
      expect((await call('POST', `/drafts/${id}/invites`, { email: `from-${status}@example.org` })).status).toBe(201);
    }
  });

  it("names the inviter by their founder profile's name, not an address, in the mail and on the link's page", async () => {
    const owner = await createAccount(db, { name: '' });
    await db
      .insert(founderProfiles)
      .values({ slug: `maria-${owner.user.id}`, name: 'Maria Santos', userId: owner.user.id });
    const id = await draftOf(owner.user.id, 'ready');
    expect(
      (await caller(app.url, owner.auth)('POST', `/drafts/${id}/invites`, { email: 'named@example.org' })).status,
    ).toBe(201);
    const [mail] = await invitesTo('named@example.org');
    expect(mail.subject).toBe('Maria Santos invited you to add your founder profile to Acme');
    const token = mail.text.match(/\/invites\/([\w-]+)/)![1];
    expect((await getInvite(db, token))?.invitedBy).toBe('Maria Santos');
  });

  it('strips line breaks and control characters from the product and inviter names', async () => {
    const owner = await createAccount(db, { name: 'Eve\r\nBcc: everyone@example.org' });
    const call = caller(app.url, owner.auth);
    const id = await draftOf(
      owner.user.id,
      'ready',
      'Acme\n\nACTION REQUIRED: verify your account at https://evil.example/login\u202e',
    );
    expect((await call('POST', `/drafts/${id}/invites`, { email: 'target@example.org' })).status).toBe(201);
    const [mail] = await invitesTo('target@example.org');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Eve Bcc: everyone@example.org invited you');
    expect(mail.text).not.toMatch(/\n\s*ACTION REQUIRED/);
    expect(mail.text).not.toMatch(/^Bcc:/m);
    expect(mail.text).not.toContain('\u202e');
    expect(mail.text.split('\n')[0]).toContain('Acme ACTION REQUIRED'); // kept as words on the sender's own line
  });

  it(`limits one account to ${INVITES_PER_ACCOUNT_PER_DAY} invites a day across its drafts (429 with Retry-After)`, async () => {
    const owner = await createAccount(db);
    const call = caller(app.url, owner.auth);
    const ids = [
      await draftOf(owner.user.id, 'ready'),
      await draftOf(owner.user.id, 'ready'),
      await draftOf(owner.user.id, 'ready'),
    ];
    const stamp = Date.now();
    for (let i = 0; i < INVITES_PER_ACCOUNT_PER_DAY; i++) {
      expect(
        (await call('POST', `/drafts/${ids[Math.floor(i / 10)]}/invites`, { email: `bulk${stamp}-${i}@example.org` }))
          .status,
      ).toBe(201);
    }
    const res = await call('POST', `/drafts/${ids[2]}/invites`, { email: `bulk${stamp}-last@example.org` });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await invitesTo(`bulk${stamp}-last@example.org`)).toHaveLength(0);
  });

  it(`limits one recipient to ${INVITES_PER_RECIPIENT_PER_DAY} invites a day from anyone, plus-addresses folded`, async () => {
    const stamp = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i <= INVITES_PER_RECIPIENT_PER_DAY; i++) {
      const owner = await createAccount(db);
      const id = await draftOf(owner.user.id, 'ready');
      statuses.push(
        (
          await caller(app.url, owner.auth)('POST', `/drafts/${id}/invites`, {
            email: `victim${stamp}+${i}@example.org`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(INVITES_PER_RECIPIENT_PER_DAY).fill(201), 429]);
  });
});
