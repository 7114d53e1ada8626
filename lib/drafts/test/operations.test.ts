// Every drafts operation over REST: listing, reading, idempotent submission, another account's
// drafts (404), scopes, co-founder invites and submitting as a listing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drafts,
  emailOutbox,
  founderProfiles,
  founderStories,
  listingCategories,
  listingFounders,
  listingMilestones,
  listings,
} from '@/db/schema';
import { emptyFields } from '@/lib/drafts/fields';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite, type FixtureSite } from '@/test/support/fixture-sites';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { acceptInvite, getInvite } from '../invites';
import { caller, waitForDraft, type Caller } from './helpers';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const app = await useApp();
let acme: FixtureSite;
let plain: FixtureSite;
let owner: Awaited<ReturnType<typeof createAccount>>;
let call: Caller;
let other: Caller;
let draftId: string;

beforeAll(async () => {
  acme = await startFixtureSite('acme');
  plain = await startFixtureSite('plain');
  owner = await createAccount(db, { name: 'Maria Santos' });
  call = caller(app.url, owner.auth);
  other = caller(app.url, (await createAccount(db)).auth);
  const res = await call('POST', '/drafts', { url: acme.url }, { 'idempotency-key': 'submit-acme-1' });
  expect(res.status).toBe(201);
  draftId = res.body.id;
  await waitForDraft(call, draftId);
});
afterAll(async () => {
  await stopLocalRunner();
  await acme.close();
  await plain.close();
});

describe('submit_listing', () => {
  it('replays the stored response for the same Idempotency-Key', async () => {
    const res = await call('POST', '/drafts', { url: acme.url }, { 'idempotency-key': 'submit-acme-1' });
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(res.body.id).toBe(draftId);
    expect(res.body.status).toBe('crawling');
  });

  it('refuses the same key for a different URL', async () => {
    const res = await call('POST', '/drafts', { url: plain.url }, { 'idempotency-key': 'submit-acme-1' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('idempotency_key_reuse');
  });

  it('returns the unfinished draft for a URL already submitted', async () => {
    const res = await call('POST', '/drafts', { url: `${acme.url}/` });
    expect(res.body.id).toBe(draftId);
    expect(res.body.status).toBe('ready');
  });

  it('needs listings:write', async () => {
    const reader = caller(app.url, (await createAccount(db, { scopes: ['account:read'] })).auth);
    const res = await reader('POST', '/drafts', { url: plain.url });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
    expect((await caller(app.url, {})('GET', '/drafts')).status).toBe(401);
  });

  it('validates the body', async () => {
    expect((await call('POST', '/drafts', {})).status).toBe(422);
    expect((await call('POST', '/drafts', { url: acme.url, extra: 1 })).status).toBe(422);
  });
});

describe('list_my_drafts and get_draft', () => {
  it('lists the caller’s drafts newest first with status and completeness', async () => {
    const second = await call('POST', '/drafts', { url: plain.url });
    await waitForDraft(call, second.body.id);
    const res = await call('GET', '/drafts?per_page=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, per_page: 1, total: 2, has_more: true });
    expect(res.body.items[0]).toMatchObject({ id: second.body.id, status: 'ready', name: 'Birdhouse' });
    expect(res.body.items[0].completeness).toBeGreaterThan(0);
    const page2 = await call('GET', '/drafts?page=2&per_page=1');
    expect(page2.body.items[0].id).toBe(draftId);
  });

  it('leaves out a failed draft once its URL was submitted again (get_draft still has it)', async () => {
    const me = await createAccount(db);
    const mine = caller(app.url, me.auth);
    const url = 'https://retried.example.com/';
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const row = (id: string, status: string, minutes: number, u = url) => ({
      id,
      ownerId: me.user.id,
      url: u,
      status,
      failureReason: status === 'failed' ? 'unreachable' : null,
      fields: emptyFields(),
      createdAt: at(minutes),
    });
    await db
      .insert(drafts)
      .values([
        row(`drf_old_${me.user.id}`, 'failed', 30),
        row(`drf_mid_${me.user.id}`, 'failed', 20),
        row(`drf_new_${me.user.id}`, 'ready', 10),
        row(`drf_alone_${me.user.id}`, 'failed', 5, 'https://other.example.com/'),
      ]);
    const res = await mine('GET', '/drafts');
    expect(res.body.items.map((d: { id: string }) => d.id)).toEqual([
      `drf_alone_${me.user.id}`,
      `drf_new_${me.user.id}`,
    ]);
    expect(res.body.total).toBe(2);
    const old = await mine('GET', `/drafts/drf_old_${me.user.id}`);
    expect(old.status).toBe(200);
    expect(old.body.status).toBe('failed');
  });

  it('never shows another account’s draft (404 on every operation)', async () => {
    expect((await other('GET', `/drafts/${draftId}`)).status).toBe(404);
    expect((await other('PATCH', `/drafts/${draftId}`, { fields: { name: 'Hijack' } })).status).toBe(404);
    expect((await other('POST', `/drafts/${draftId}/invites`, { email: 'x@example.org' })).status).toBe(404);
    expect((await other('POST', `/drafts/${draftId}/submit`, {})).status).toBe(404);
    expect((await other('GET', '/drafts')).body.total).toBe(0);
    expect((await call('GET', '/drafts/drf_doesnotexist')).status).toBe(404);
    expect((await call('GET', `/drafts/${draftId}`)).body.fields.name.value).toBe('Acme Notes');
  });
});

describe('invite_cofounder', () => {
  it('emails a link to /invites/{token}; the co-founder adds their own profile', async () => {
    const res = await call('POST', `/drafts/${draftId}/invites`, { email: 'Tom@Acme.test' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`/api/v1/drafts/${draftId}$`)); // the draft lists it
    expect(res.body).toMatchObject({ email: 'tom@acme.test', status: 'pending', draft_id: draftId, invites_left: 9 });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'tom@acme.test'), eq(emailOutbox.kind, 'invite')));
    const token = /\/invites\/([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(mail.text).toContain('Acme Notes');
    expect(await getInvite(db, token!)).toMatchObject({
      email: 'tom@acme.test',
      productName: 'Acme Notes',
      status: 'pending',
    });
    expect(await getInvite(db, 'not-a-token')).toBeNull();

    // Another account than the invited address's cannot use the link (a forwarded or leaked mail).
    const other = await createAccount(db);
    await expect(
      acceptInvite(db, { token: token!, userId: other.user.id, profile: { name: 'Not Tom' } }),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('tom@acme.test') });
    const tom = await createAccount(db, { email: 'TOM@acme.test' });
    const accepted = await acceptInvite(db, {
      token: token!,
      userId: tom.user.id,
      profile: { name: 'Tom Becker', role: 'CTO', socials: { github: 'https://github.com/tombecker' } },
    });
    const d = (await call('GET', `/drafts/${draftId}`)).body;
    expect(d.founders.at(-1)).toMatchObject({
      name: 'Tom Becker',
      role: 'CTO',
      founder_profile_id: accepted.founderProfileId,
    });
    // He takes the place of the Tom Becker the drafter found on the site (he was listed twice).
    expect(d.founders.filter((f: { name: string }) => f.name === 'Tom Becker')).toHaveLength(1);
    expect(d.invites[0]).toMatchObject({ email: 'tom@acme.test', status: 'accepted' });
    expect((await getInvite(db, token!))?.status).toBe('accepted');
  });

  it('allows at most 10 invites per draft (the 11th is a 422 naming email)', async () => {
    for (let i = 2; i <= 10; i++)
      expect((await call('POST', `/drafts/${draftId}/invites`, { email: `cofounder${i}@example.org` })).status).toBe(
        201,
      );
    const res = await call('POST', `/drafts/${draftId}/invites`, { email: 'eleventh@example.org' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe('email');
    expect((await call('POST', `/drafts/${draftId}/invites`, { email: 'not-an-email' })).status).toBe(422);
  });

  it('invites an address once: asking again re-sends its pending invite with a new link, even at the limit', async () => {
    const mails = () =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, 'cofounder2@example.org'), eq(emailOutbox.kind, 'invite')));
    const tokenOf = (text: string) => /\/invites\/([\w-]+)/.exec(text)![1];
    const [first] = await mails();
    const again = await call('POST', `/drafts/${draftId}/invites`, { email: 'CoFounder2@example.org' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ email: 'cofounder2@example.org', status: 'pending', invites_left: 0 });
    const sent = await mails();
    expect(sent).toHaveLength(2);
    // The new mail's link works; the old one no longer does.
    expect(await getInvite(db, tokenOf(sent[1].text))).toMatchObject({ status: 'pending' });
    expect(await getInvite(db, tokenOf(first.text))).toBeNull();
    const d = (await call('GET', `/drafts/${draftId}`)).body;
    expect(d.invites.filter((i: { email: string }) => i.email === 'cofounder2@example.org')).toHaveLength(1);
    expect(d.invites).toHaveLength(10);

    // Someone who accepted already, and the owner's own address, are refused by name.
    const accepted = await call('POST', `/drafts/${draftId}/invites`, { email: 'tom@acme.test' });
    expect(accepted.status).toBe(422);
    expect(accepted.body.errors[0]).toMatchObject({ path: 'email', message: expect.stringContaining('accepted') });
    const own = await call('POST', `/drafts/${draftId}/invites`, { email: owner.user.email!.toUpperCase() });
    expect(own.status).toBe(422);
    expect(own.body.errors[0].message).toContain('your own address');
  });
});

describe('submit_draft', () => {
  it('saves the listing (status draft), and running it again updates the same listing', async () => {
    const first = await call('POST', `/drafts/${draftId}/submit`, {}, { 'idempotency-key': 'submit-draft-1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ draft_id: draftId, listing_status: 'draft', created: true });
    const listingId = first.body.listing_id;
    const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing).toMatchObject({
      name: 'Acme Notes',
      status: 'draft',
      ownerId: owner.user.id,
      foundedYear: 2019,
      headquarters: 'Lisbon, Portugal',
      contactEmail: 'hello@acme.test',
    });
    expect(listing.socials).toMatchObject({ linkedin: 'https://www.linkedin.com/company/acme-notes' });
    expect(listing.faqs.length).toBeGreaterThan(0);
    const cats = await db.select().from(listingCategories).where(eq(listingCategories.listingId, listingId));
    expect(cats.filter((c) => c.isPrimary)).toHaveLength(1);
    const founders = await db
      .select({ name: founderProfiles.name, isPrimary: listingFounders.isPrimary, userId: founderProfiles.userId })
      .from(listingFounders)
      .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
      .where(eq(listingFounders.listingId, listingId));
    expect(founders.find((f) => f.isPrimary)).toMatchObject({ name: 'Maria Santos', userId: owner.user.id });
    expect(founders.map((f) => f.name)).toContain('Tom Becker');
    expect(await db.select().from(listingMilestones).where(eq(listingMilestones.listingId, listingId))).toHaveLength(2);
    expect(
      (await db.select().from(founderStories).where(eq(founderStories.listingId, listingId)))[0].sections.how_started,
    ).toContain('We started');

    const replay = await call('POST', `/drafts/${draftId}/submit`, {}, { 'idempotency-key': 'submit-draft-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const edited = await call('PATCH', `/drafts/${draftId}`, { fields: { headline: 'Notes for every meeting' } });
    expect(edited.body.status).toBe('submitted');
    expect((await db.select().from(listings).where(eq(listings.id, listingId)))[0].headline).toBe(
      'Notes for every meeting',
    );

    const again = await call('POST', `/drafts/${draftId}/submit`, {});
    expect(again.body).toMatchObject({ listing_id: listingId, created: false });
    expect(await db.select().from(listings).where(eq(listings.ownerId, owner.user.id))).toHaveLength(1);
    const d = (await call('GET', `/drafts/${draftId}`)).body;
    expect(d).toMatchObject({ status: 'submitted', listing_id: listingId });
  });

  it('refuses a draft that is still building (409) and one without a name (422 naming fields.name)', async () => {
    const slow = await startFixtureSite('plain', { delayMs: 500 });
    try {
      const c = caller(app.url, (await createAccount(db)).auth);
      const res = await c('POST', '/drafts', { url: slow.url });
      const early = await c('POST', `/drafts/${res.body.id}/submit`, {});
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('draft_not_ready');
      await waitForDraft(c, res.body.id);
      await c('PATCH', `/drafts/${res.body.id}`, { fields: { name: null } });
      const nameless = await c('POST', `/drafts/${res.body.id}/submit`, {});
      expect(nameless.status).toBe(422);
      expect(nameless.body.errors[0].path).toBe('fields.name');
    } finally {
      await slow.close();
    }
  });
});
