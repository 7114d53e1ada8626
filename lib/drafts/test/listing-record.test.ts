// After the first submit_draft the listing is the record (docs/decisions.md#listing-edits): editing the
// submitted draft, or submitting it again, changes only what changed, through the versioned edit path:
// ids stay, each call is one version with before/after, the owner's own founder profile is never
// overwritten, and a cleared story section clears.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  founderProfiles,
  founderStories,
  listingFounders,
  listingMilestones,
  listings,
  listingVersions,
} from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { allowLoopbackCrawling, startFixtureSite } from '@/test/support/fixture-sites';
import { stopLocalRunner } from '@/lib/jobs/local-runner';
import { applyListingEdit } from '@/lib/owner-listings/edit';
import { emailOutbox } from '@/db/schema';
import { acceptInvite, getInvite } from '../invites';
import { caller, waitForDraft } from './helpers';

allowLoopbackCrawling();
const { db } = await useTestDatabase();
const app = await useApp();

afterAll(async () => {
  await stopLocalRunner();
});

type Account = Awaited<ReturnType<typeof createAccount>>;

/**
 * A fresh account with the acme draft built and submitted once, from the site served on a port of
 * its own (one listing per website: each test lists "another" website).
 */
async function submitted(account?: Account) {
  const owner = account ?? (await createAccount(db, { name: 'Maria Santos' }));
  const call = caller(app.url, owner.auth);
  const site = await startFixtureSite('acme');
  const created = await call('POST', '/drafts', { url: site.url });
  expect(created.status).toBe(201);
  const draftId: string = created.body.id;
  await waitForDraft(call, draftId).finally(() => site.close());
  const first = await call('POST', `/drafts/${draftId}/submit`, {});
  expect(first.body.created).toBe(true);
  return { owner, call, draftId, listingId: first.body.listing_id as number };
}

const milestonesOf = (listingId: number) =>
  db
    .select()
    .from(listingMilestones)
    .where(eq(listingMilestones.listingId, listingId))
    .orderBy(asc(listingMilestones.date));
const foundersOf = (listingId: number) =>
  db
    .select({
      id: founderProfiles.id,
      name: founderProfiles.name,
      role: founderProfiles.role,
      bio: founderProfiles.bio,
      socials: founderProfiles.socials,
      userId: founderProfiles.userId,
    })
    .from(listingFounders)
    .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
    .where(eq(listingFounders.listingId, listingId))
    .orderBy(asc(listingFounders.position));
const versionsOf = (listingId: number) =>
  db
    .select()
    .from(listingVersions)
    .where(eq(listingVersions.listingId, listingId))
    .orderBy(asc(listingVersions.version));
const listingRow = async (id: number) => (await db.select().from(listings).where(eq(listings.id, id)))[0];
const storyOf = async (id: number) =>
  (await db.select().from(founderStories).where(eq(founderStories.listingId, id)))[0]?.sections ?? {};

describe('update_draft on a submitted draft', () => {
  let s: Awaited<ReturnType<typeof submitted>>;
  beforeAll(async () => {
    s = await submitted();
  });

  it('changes only the field sent, keeps milestone, founder and category ids, and writes one version', async () => {
    const before = { milestones: await milestonesOf(s.listingId), founders: await foundersOf(s.listingId) };
    const listingBefore = await listingRow(s.listingId);
    expect(listingBefore.version).toBe(0);
    expect(await versionsOf(s.listingId)).toHaveLength(0);

    const res = await s.call('PATCH', `/drafts/${s.draftId}`, { fields: { headline: 'Notes that write themselves' } });
    expect(res.status).toBe(200);
    const after = await listingRow(s.listingId);
    expect(after.headline).toBe('Notes that write themselves');
    expect(after.version).toBe(1);
    expect(after.summary).toBe(listingBefore.summary);
    expect(await milestonesOf(s.listingId)).toEqual(before.milestones);
    expect(await foundersOf(s.listingId)).toEqual(before.founders);

    const versions = await versionsOf(s.listingId);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      version: 1,
      source: 'update_draft',
      face: 'api',
      actorId: s.owner.user.id,
      changes: [{ field: 'headline', before: listingBefore.headline, after: 'Notes that write themselves' }],
    });
  });

  it('leaves what was edited on the listing since, unless this call changes that field', async () => {
    const [row] = await db.select().from(listings).where(eq(listings.id, s.listingId));
    await applyListingEdit(
      db,
      { now: new Date(), face: 'api' },
      row,
      { summary: 'Edited on the listing itself.' },
      {
        source: 'update_my_listing',
        actorId: s.owner.user.id,
      },
    );
    await s.call('PATCH', `/drafts/${s.draftId}`, { fields: { pricing: 'From $9 a month' } });
    const after = await listingRow(s.listingId);
    expect(after.summary).toBe('Edited on the listing itself.');
    expect(after.pricing).toBe('From $9 a month');
    const last = (await versionsOf(s.listingId)).at(-1)!;
    expect(last.changes.map((c) => c.field)).toEqual(['pricing']);
  });

  it('an edit that changes nothing on the listing writes no version', async () => {
    const count = (await versionsOf(s.listingId)).length;
    const res = await s.call('PATCH', `/drafts/${s.draftId}`, { lock_fields: ['summary'] });
    expect(res.status).toBe(200);
    expect(await versionsOf(s.listingId)).toHaveLength(count);
    expect((await listingRow(s.listingId)).summary).toBe('Edited on the listing itself.');
  });

  it('milestones: unchanged rows keep their ids, a removed one goes, a new one is added', async () => {
    const before = await milestonesOf(s.listingId);
    expect(before).toHaveLength(2);
    const keep = before[1];
    const res = await s.call('PATCH', `/drafts/${s.draftId}`, {
      milestones: [
        { date: keep.date, title: keep.title, description: keep.description, url: keep.url },
        { date: '2025-09-01', title: 'Ten thousand teams' },
      ],
    });
    expect(res.status).toBe(200);
    const after = await milestonesOf(s.listingId);
    expect(after.map((m) => m.title)).toEqual([keep.title, 'Ten thousand teams']);
    expect(after[0].id).toBe(keep.id);
    expect(after.map((m) => m.id)).not.toContain(before[0].id);
    const last = (await versionsOf(s.listingId)).at(-1)!;
    expect(last.changes.map((c) => c.field)).toEqual(['milestones']);
    expect(last.changes[0].before).toHaveLength(2);
  });

  it('founders: a co-founder without an account is updated in place (same id), renamed too; removed, his profile goes', async () => {
    const before = await foundersOf(s.listingId);
    const tom = before.find((f) => f.name === 'Tom Becker')!;
    const draft = (await s.call('GET', `/drafts/${s.draftId}`)).body;
    const founders = draft.founders.map((f: Record<string, unknown>) => ({
      name: f.name,
      role: f.role,
      bio: f.bio,
      photo_url: f.photo_url,
    }));
    founders[1] = { ...founders[1], role: 'CTO' };
    await s.call('PATCH', `/drafts/${s.draftId}`, { founders });
    expect((await foundersOf(s.listingId)).find((f) => f.id === tom.id)).toMatchObject({ role: 'CTO' });

    founders[1] = { ...founders[1], name: 'Thomas Becker' };
    await s.call('PATCH', `/drafts/${s.draftId}`, { founders });
    const renamed = await foundersOf(s.listingId);
    expect(renamed.map((f) => f.id)).toEqual(before.map((f) => f.id));
    expect(renamed[1].name).toBe('Thomas Becker');

    await s.call('PATCH', `/drafts/${s.draftId}`, { founders: founders.slice(0, 1) });
    expect((await foundersOf(s.listingId)).map((f) => f.id)).toEqual([before[0].id]);
    expect(await db.select().from(founderProfiles).where(eq(founderProfiles.id, tom.id))).toHaveLength(0);
  });

  it('a cleared story section clears on the listing; the others stay', async () => {
    const story = await storyOf(s.listingId);
    expect(story.how_started).toContain('We started');
    await s.call('PATCH', `/drafts/${s.draftId}`, { story: { whats_next: 'Offline mode.' } });
    expect(await storyOf(s.listingId)).toMatchObject({ how_started: story.how_started, whats_next: 'Offline mode.' });

    await s.call('PATCH', `/drafts/${s.draftId}`, { story: { why_started: null } }); // legacy name of how_started
    const after = await storyOf(s.listingId);
    expect(after.how_started).toBeUndefined();
    expect(after.whats_next).toBe('Offline mode.');
    const last = (await versionsOf(s.listingId)).at(-1)!;
    expect(last.changes).toEqual([
      {
        field: 'story',
        before: expect.objectContaining({ how_started: story.how_started }),
        after: expect.any(Object),
      },
    ]);
  });
});

describe('a published story edited through the draft', () => {
  it('goes back to draft when the edit leaves it short of the section and word rules', async () => {
    const s = await submitted();
    const long = (topic: string) => `${topic} `.repeat(90).trim();
    await db
      .insert(founderStories)
      .values({
        listingId: s.listingId,
        sections: { how_started: long('start'), problem: long('problem'), what_built: long('built') },
        status: 'published',
        publishedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: founderStories.listingId,
        set: {
          sections: { how_started: long('start'), problem: long('problem'), what_built: long('built') },
          status: 'published',
          publishedAt: new Date(),
        },
      });
    const res = await s.call('PATCH', `/drafts/${s.draftId}`, {
      story: { how_started: 'Short now.', problem: null, what_built: null },
    });
    expect(res.status).toBe(200);
    const [story] = await db.select().from(founderStories).where(eq(founderStories.listingId, s.listingId));
    expect(story).toMatchObject({ status: 'draft', publishedAt: null });
  });
});

describe('submit_draft again', () => {
  it('updates the same listing through the edit path: nothing to do writes nothing, a difference is one version', async () => {
    const s = await submitted();
    const milestones = await milestonesOf(s.listingId);
    const founders = await foundersOf(s.listingId);
    const again = await s.call('POST', `/drafts/${s.draftId}/submit`, {});
    expect(again.body).toMatchObject({ listing_id: s.listingId, created: false, changed_fields: [] });
    expect(await versionsOf(s.listingId)).toHaveLength(0);

    const [row] = await db.select().from(listings).where(eq(listings.id, s.listingId));
    await applyListingEdit(
      db,
      { now: new Date(), face: 'api' },
      row,
      { headline: 'Changed elsewhere' },
      {
        source: 'update_my_listing',
        actorId: s.owner.user.id,
      },
    );
    // The caller's listing_version is stale: nothing is put back, and the 409 says why.
    const stale = await s.call('POST', `/drafts/${s.draftId}/submit`, { listing_version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'version_conflict', current_version: 1 });
    expect((await db.select().from(listings).where(eq(listings.id, s.listingId)))[0].headline).toBe(
      'Changed elsewhere',
    );
    const third = await s.call('POST', `/drafts/${s.draftId}/submit`, { listing_version: 1 });
    expect(third.body).toMatchObject({ listing_id: s.listingId, created: false, changed_fields: ['headline'] });
    const versions = await versionsOf(s.listingId);
    expect(versions.map((v) => v.source)).toEqual(['update_my_listing', 'submit_draft']);
    expect(versions[1].changes.map((c) => c.field)).toEqual(['headline']);
    expect(await milestonesOf(s.listingId)).toEqual(milestones);
    expect(await foundersOf(s.listingId)).toEqual(founders);
  });
});

describe("the owner's own founder profile", () => {
  it('is linked, never overwritten, by submit_draft and update_draft', async () => {
    const owner = await createAccount(db, { name: 'Maria Santos' });
    const [mine] = await db
      .insert(founderProfiles)
      .values({
        userId: owner.user.id,
        slug: `maria-own-${owner.user.id.slice(0, 8)}`,
        name: 'Maria S.',
        bio: 'My words.',
      })
      .returning();
    const s = await submitted(owner);
    const founders = await foundersOf(s.listingId);
    expect(founders[0]).toMatchObject({ id: mine.id, name: 'Maria S.', userId: owner.user.id });
    expect(founders[1]).toMatchObject({ name: 'Tom Becker', userId: null });

    const draft = (await s.call('GET', `/drafts/${s.draftId}`)).body;
    await s.call('PATCH', `/drafts/${s.draftId}`, {
      founders: draft.founders.map((f: Record<string, unknown>, i: number) => ({
        name: i === 0 ? 'Someone Else' : f.name,
        role: f.role,
        bio: i === 0 ? 'Overwritten?' : f.bio,
      })),
      founder_socials: { x: 'https://x.com/someone' },
    });
    await s.call('POST', `/drafts/${s.draftId}/submit`, {});
    const [profile] = await db.select().from(founderProfiles).where(eq(founderProfiles.id, mine.id));
    expect(profile).toMatchObject({ name: 'Maria S.', bio: 'My words.', socials: {} });
    expect((await foundersOf(s.listingId))[0].id).toBe(mine.id);
  });

  it('comes first, and keeps the drafted primary founder after it, when it is someone else', async () => {
    const owner = await createAccount(db, { name: 'Sam Owner' });
    const [mine] = await db
      .insert(founderProfiles)
      .values({ userId: owner.user.id, slug: `sam-${owner.user.id.slice(0, 8)}`, name: 'Sam Owner' })
      .returning();
    const s = await submitted(owner);
    const founders = await foundersOf(s.listingId);
    // Maria Santos, found on the team page, was dropped for the owner's profile.
    expect(founders.map((f) => [f.name, f.userId])).toEqual([
      ['Sam Owner', owner.user.id],
      ['Maria Santos', null],
      ['Tom Becker', null],
    ]);
    expect(founders[0].id).toBe(mine.id);
  });

  it('is created from the first founder on the first submit when the owner has none', async () => {
    const s = await submitted();
    const [primary] = await foundersOf(s.listingId);
    expect(primary).toMatchObject({ name: 'Maria Santos', userId: s.owner.user.id });
  });
});

describe('a co-founder accepting an invite to a submitted draft', () => {
  it('joins the listing’s founders as a version; the other founders keep their ids', async () => {
    const s = await submitted();
    const before = await foundersOf(s.listingId);
    const email = `cofounder-${s.owner.user.id.slice(0, 8)}@acme.test`;
    expect((await s.call('POST', `/drafts/${s.draftId}/invites`, { email })).status).toBe(201);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const token = /\/invites\/([\w-]+)/.exec(mail.text)![1];
    const lena = await createAccount(db, { name: 'Lena Park', email });
    const accepted = await acceptInvite(db, {
      token,
      userId: lena.user.id,
      profile: { name: 'Lena Park', role: 'COO' },
    });

    const after = await foundersOf(s.listingId);
    expect(after.map((f) => f.id)).toEqual([...before.map((f) => f.id), accepted.founderProfileId]);
    const [v] = await versionsOf(s.listingId);
    expect(v).toMatchObject({ source: 'accept_invite', face: 'web', actorId: lena.user.id });
    expect(v.changes.map((c) => c.field)).toEqual(['founders']);
    // Submitting the draft again keeps her (the draft lists her with her profile id).
    await s.call('POST', `/drafts/${s.draftId}/submit`, {});
    expect((await foundersOf(s.listingId)).map((f) => f.id)).toEqual(after.map((f) => f.id));

    // The owner who invited is told once that she joined (accepting again mails nothing more).
    await acceptInvite(db, { token, userId: lena.user.id, profile: { name: 'Lena Park', role: 'COO' } });
    const toOwner = await db.select().from(emailOutbox).where(eq(emailOutbox.to, s.owner.user.email!));
    const joined = toOwner.filter((m) => m.subject.startsWith('Lena Park joined'));
    expect(joined).toHaveLength(1);
    expect(joined[0].text).toContain(`invited as ${email}`);
    expect(joined[0].text).toContain('listed on the listing and the draft');
  });

  it('takes the place of the founder the drafter found by that name, on the draft and the listing', async () => {
    const s = await submitted();
    const before = await foundersOf(s.listingId);
    expect(before.map((f) => f.name)).toContain('Tom Becker'); // from the site's team page
    const [{ slug: draftedSlug }] = await db
      .select({ slug: founderProfiles.slug })
      .from(founderProfiles)
      .where(eq(founderProfiles.id, before.find((f) => f.name === 'Tom Becker')!.id));
    const email = `tom-${s.owner.user.id.slice(0, 8)}@acme.test`;
    expect((await s.call('POST', `/drafts/${s.draftId}/invites`, { email })).status).toBe(201);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const token = /\/invites\/([\w-]+)/.exec(mail.text)![1];
    const tom = await createAccount(db, { name: 'Tom Becker', email });
    const accepted = await acceptInvite(db, {
      token,
      userId: tom.user.id,
      profile: { name: 'tom becker ', role: 'CTO' },
    });
    const after = await foundersOf(s.listingId);
    expect(after.filter((f) => f.name.toLowerCase().startsWith('tom becker'))).toHaveLength(1);
    expect(after.map((f) => f.id)).toContain(accepted.founderProfileId);
    expect(after).toHaveLength(before.length);
    const draft = (await s.call('GET', `/drafts/${s.draftId}`)).body;
    expect(draft.founders.filter((f: { name: string }) => /^tom becker/i.test(f.name))).toHaveLength(1);
    // What the drafter found about him and he left empty (his bio, his links) is kept.
    const drafted = before.find((f) => f.name === 'Tom Becker')!;
    const joined = after.find((f) => f.id === accepted.founderProfileId)!;
    expect(joined).toMatchObject({ role: 'CTO', bio: drafted.bio, socials: drafted.socials });
    expect(drafted.bio).toBeTruthy();
    // His page keeps the address the listing linked to before he joined.
    const slugOf = async (id: number) =>
      (await db.select({ slug: founderProfiles.slug }).from(founderProfiles).where(eq(founderProfiles.id, id)))[0]
        ?.slug;
    expect(await slugOf(accepted.founderProfileId)).toBe(draftedSlug);
  });

  it('takes the place of the drafted founder the invitee says they are, whatever name they type', async () => {
    const s = await submitted();
    const before = await foundersOf(s.listingId);
    const email = `thomas-${s.owner.user.id.slice(0, 8)}@acme.test`;
    expect((await s.call('POST', `/drafts/${s.draftId}/invites`, { email })).status).toBe(201);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const token = /\/invites\/([\w-]+)/.exec(mail.text)![1];
    expect((await getInvite(db, token))?.drafted).toEqual(['Tom Becker']);
    const thomas = await createAccount(db, { name: 'Thomas Becker', email });
    await acceptInvite(db, {
      token,
      userId: thomas.user.id,
      profile: { name: 'Thomas Becker' },
      replaces: 'Tom Becker',
    });
    const after = await foundersOf(s.listingId);
    expect(after.map((f) => f.name)).toEqual(before.map((f) => (f.name === 'Tom Becker' ? 'Thomas Becker' : f.name)));
    expect(after.find((f) => f.name === 'Thomas Becker')?.bio).toBe(before.find((f) => f.name === 'Tom Becker')?.bio);
  });
});
