// post_listing_update, add_milestone and delete_milestone over REST: success and where it shows,
// followers mailed, limits (422), a non-live listing (409), the daily limit (429), another account's
// listing or milestone (404), scopes, and a replayed Idempotency-Key.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobs, listingMilestones, listingUpdates, LISTING_PLAN, LISTING_STATUS } from '@/db/schema';
import { updatesRss } from '@/lib/directory/feeds';
import { getPublicListing } from '@/lib/directory/listing-page';
import { listingHistory } from '@/lib/owner-listings/history';
import { latestUpdates } from '@/lib/directory/updates';
import { caller, type Caller } from '@/lib/drafts/test/helpers';
import { localRunner, stopLocalRunner } from '@/lib/jobs/local-runner';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { follow, ownListing } from './helpers';

const { db } = await useTestDatabase();
const app = await useApp();
let owner: Awaited<ReturnType<typeof createAccount>>;
let call: Caller;
let other: Caller;
let listing: Awaited<ReturnType<typeof ownListing>>;

beforeAll(async () => {
  owner = await createAccount(db, { name: 'Maria Santos' });
  call = caller(app.url, owner.auth);
  other = caller(app.url, (await createAccount(db)).auth);
  listing = await ownListing(db, owner.user.id, { name: 'Quillnote' });
});
afterAll(async () => {
  await stopLocalRunner();
});

const mailsTo = (email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, email.toLowerCase()));

describe('post_listing_update', () => {
  it('publishes the update on the listing page, the updates page and the feed, and mails the followers once', async () => {
    const fans = [await createAccount(db, { name: 'Ana' }), await createAccount(db, { name: 'Ben' })];
    await follow(db, listing.id, [...fans.map((f) => f.user.id), owner.user.id]);
    const res = await call('POST', `/me/listings/${listing.id}/updates`, {
      title: 'Dark mode is here',
      body: 'Every screen follows your system theme.\r\n\r\nThanks for asking!',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      listing_id: listing.id,
      title: 'Dark mode is here',
      body: 'Every screen follows your system theme.\n\nThanks for asking!',
      url: `${app.url}/p/${listing.slug}#updates`,
      followers: 2, // the author follows too, and is not mailed
    });
    expect(Date.parse(res.body.created_at)).not.toBeNaN();

    const page = await getPublicListing(db, { slug: listing.slug });
    expect(page?.updates[0]).toMatchObject({ id: res.body.id, title: 'Dark mode is here' });
    const latest = await latestUpdates(db, { page: 1, per_page: 5 });
    expect(latest.items[0]).toMatchObject({ id: res.body.id, listing: { slug: listing.slug } });
    expect(updatesRss(app.url, latest.items)).toContain('Quillnote: Dark mode is here');
    // A page past the last still says how many there are (/updates?page=99 said "No updates yet.").
    const past = await latestUpdates(db, { page: 99, per_page: 5 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(latest.total);
    expect(past.total).toBeGreaterThan(0);

    await localRunner()!.idle(20_000);
    for (const fan of fans) {
      const mails = await mailsTo(fan.user.email!);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: 'Quillnote: Dark mode is here', kind: 'listing_update' });
      expect(mails[0].text).toContain('Every screen follows your system theme.');
      // Links use the site's public address (APP_URL), not the address this test server happens to have.
      expect(mails[0].text).toMatch(/\/p\/quillnote-[0-9a-f]+#updates\n/);
      expect(mails[0].text).toMatch(/\/unsubscribe\/[0-9a-f-]{36}$/);
    }
    expect(await mailsTo(owner.user.email!)).toHaveLength(0);
  });

  it('replays the stored answer for the same Idempotency-Key and posts once', async () => {
    const key = { 'idempotency-key': 'update-once-1' };
    const body = { title: 'Launch day', body: 'We are live.' };
    const first = await call('POST', `/me/listings/${listing.id}/updates`, body, key);
    const again = await call('POST', `/me/listings/${listing.id}/updates`, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const rows = await db.select().from(listingUpdates).where(eq(listingUpdates.title, 'Launch day'));
    expect(rows).toHaveLength(1);
    const queued = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, String(first.body.id)));
    expect(queued.filter((j) => j.functionId === 'notify-followers')).toHaveLength(1);
  });

  it('refuses a listing that is not live with 409 naming its status', async () => {
    const scheduled = await ownListing(db, owner.user.id, { status: LISTING_STATUS.scheduled });
    const res = await call('POST', `/me/listings/${scheduled.id}/updates`, { title: 'Soon', body: 'Soon.' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', reason: 'listing_not_live', listing_status: 'scheduled' });
    expect(res.body.detail).toContain('scheduled');
    expect(await db.select().from(listingUpdates).where(eq(listingUpdates.listingId, scheduled.id))).toHaveLength(0);
  });

  it('answers 404 for another account’s listing and for one that does not exist', async () => {
    const res = await other('POST', `/me/listings/${listing.id}/updates`, { title: 'Mine now', body: 'No.' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect((await call('POST', '/me/listings/2147483647/updates', { title: 'x', body: 'y' })).status).toBe(404);
  });

  it('validates title and body with the stated limits', async () => {
    const post = (body: unknown) => call('POST', `/me/listings/${listing.id}/updates`, body);
    const fields = async (body: unknown) => {
      const res = await post(body);
      expect(res.status).toBe(422);
      return res.body.errors.map((e: { path: string }) => e.path);
    };
    expect(await fields({ body: 'no title' })).toContain('title');
    expect(await fields({ title: '   ', body: 'blank title' })).toContain('title');
    // Text that shows nothing is as blank as spaces; a control character is refused by name.
    expect(await fields({ title: '\u200b\u200b', body: '\u2060\ufeff' })).toEqual(['title', 'body']);
    expect(await fields({ title: 'ring \u0007 bell', body: 'b' })).toEqual(['title']);
    expect(await fields({ title: 'x'.repeat(121), body: 'long title' })).toContain('title');
    expect(await fields({ title: 'two\nlines', body: 'b' })).toContain('title');
    expect(await fields({ title: 'ok', body: 'y'.repeat(5001) })).toContain('body');
    expect((await post({ title: 'ok', body: 'b', html: '<b>' })).status).toBe(422);
    expect((await call('POST', '/me/listings/abc/updates', { title: 'ok', body: 'b' })).status).toBe(422);
    expect((await call('POST', '/me/listings/99999999999/updates', { title: 'ok', body: 'b' })).status).toBe(422);
    expect((await post({ title: 'x'.repeat(120), body: 'y'.repeat(5000) })).status).toBe(201);
  });

  it('needs listings:write and a credential', async () => {
    const reader = caller(app.url, (await createAccount(db, { scopes: ['account:read'] })).auth);
    const res = await reader('POST', `/me/listings/${listing.id}/updates`, { title: 't', body: 'b' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
    expect(
      (await caller(app.url, {})('POST', `/me/listings/${listing.id}/updates`, { title: 't', body: 'b' })).status,
    ).toBe(401);
  });

  it('allows a few updates per listing per day, then 429 with Retry-After', async () => {
    process.env.LISTING_UPDATE_RATE_LIMIT = '2';
    try {
      const busy = await ownListing(db, owner.user.id);
      const post = () => call('POST', `/me/listings/${busy.id}/updates`, { title: 'Again', body: 'More news.' });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const res = await post();
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await db.select().from(listingUpdates).where(eq(listingUpdates.listingId, busy.id))).toHaveLength(2);
    } finally {
      delete process.env.LISTING_UPDATE_RATE_LIMIT;
    }
  });
});

describe('add_milestone', () => {
  const add = (body: unknown, headers?: Record<string, string>, id = listing.id) =>
    call('POST', `/me/listings/${id}/milestones`, body, headers);

  it('adds a milestone that shows on the public page of a paid listing', async () => {
    const res = await add({
      date: '2026-03-01',
      title: 'First 1,000 customers',
      description: 'Thank you all.',
      url: 'https://example.com/blog/1000',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      date: '2026-03-01',
      title: 'First 1,000 customers',
      description: 'Thank you all.',
      url: 'https://example.com/blog/1000',
      listing_id: listing.id,
      listing_version: expect.any(Number),
      shown_on_listing: true,
    });
    const page = await getPublicListing(db, { slug: listing.slug });
    expect(page?.milestones?.map((m) => m.title)).toContain('First 1,000 customers');
    const bare = await add({ date: '2026-04-01', title: 'Just a title' });
    expect(bare.body).toMatchObject({ description: null, url: null });
    // An empty link is no link (it was refused, while competitor_url "" clears the field).
    const empty = await add({ date: '2026-04-02', title: 'No link', url: '' });
    expect(empty.status).toBe(201);
    expect(empty.body.url).toBeNull();
  });

  it('is kept out of the public page of a free listing until the section is unlocked', async () => {
    const free = await ownListing(db, owner.user.id, { plan: LISTING_PLAN.free });
    const hidden = await add({ date: '2026-01-02', title: 'Hidden for now' }, undefined, free.id);
    expect(hidden.status).toBe(201);
    expect(hidden.body.shown_on_listing).toBe(false); // the answer says so (it did not)
    expect((await getPublicListing(db, { slug: free.slug }))?.milestones).toBeNull();
  });

  it('refuses impossible dates, non-https links and over-long text, naming the field', async () => {
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await add({ date: '2026-03-01', title: 'Fine', ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    };
    await refused({ date: '2026-02-30' }, 'date');
    await refused({ date: '2026-3-1' }, 'date');
    await refused({ date: '01/03/2026' }, 'date');
    await refused({ date: '0001-01-01' }, 'date');
    await refused({ date: '9999-12-31' }, 'date');
    await refused({ title: '' }, 'title');
    await refused({ title: 'x'.repeat(121) }, 'title');
    await refused({ description: 'd'.repeat(1001) }, 'description');
    await refused({ url: 'http://example.com' }, 'url');
    await refused({ url: 'https://' }, 'url');
    await refused({ url: 'https://exa mple.com' }, 'url');
    await refused({ url: 'javascript:alert(1)' }, 'url');
    expect((await add({ date: '2024-02-29', title: 'Leap day' })).status).toBe(201);
  });

  it('replays the same Idempotency-Key, and refuses it for a different milestone', async () => {
    const key = { 'idempotency-key': 'milestone-key-1' };
    const body = { date: '2026-05-05', title: 'Series A' };
    const first = await add(body, key);
    const again = await add(body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = await db
      .select()
      .from(listingMilestones)
      .where(and(eq(listingMilestones.listingId, listing.id), eq(listingMilestones.title, 'Series A')));
    expect(rows).toHaveLength(1);
    const other = await add({ date: '2026-05-06', title: 'Series B' }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reuse');
  });

  it('keeps a listing at 50 milestones (422)', async () => {
    const full = await ownListing(db, owner.user.id);
    await db
      .insert(listingMilestones)
      .values(Array.from({ length: 50 }, (_, i) => ({ listingId: full.id, date: '2025-01-01', title: `M${i}` })));
    const res = await add({ date: '2026-01-01', title: 'One too many' }, undefined, full.id);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unprocessable');
    expect(res.body.detail).toContain('50');
  });

  it('answers 404 for another account’s listing', async () => {
    const res = await other('POST', `/me/listings/${listing.id}/milestones`, { date: '2026-01-01', title: 'Nope' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('delete_milestone', () => {
  it('removes the milestone from the listing and its public page', async () => {
    const made = await call('POST', `/me/listings/${listing.id}/milestones`, {
      date: '2026-06-01',
      title: 'To delete',
    });
    // The 201 names the milestone's address, where delete_milestone takes it.
    expect(made.headers.get('location')).toBe(`${app.url}/api/v1/me/listings/${listing.id}/milestones/${made.body.id}`);
    expect(made.body.listing_id).toBe(listing.id);
    const res = await call('DELETE', new URL(made.headers.get('location')!).pathname.replace('/api/v1', ''));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, id: made.body.id, listing_version: made.body.listing_version + 1 });
    expect(await db.select().from(listingMilestones).where(eq(listingMilestones.id, made.body.id))).toHaveLength(0);
    const page = await getPublicListing(db, { slug: listing.slug });
    expect(page?.milestones?.map((m) => m.title)).not.toContain('To delete');
    expect((await call('DELETE', `/me/listings/${listing.id}/milestones/${made.body.id}`)).status).toBe(404);
  });

  it('makes each add and delete a listing version: an editor holding the old one gets a 409', async () => {
    const versionOf = async () => (await call('GET', `/me/listings/${listing.id}`)).body.version as number;
    const v0 = await versionOf();
    const made = await call('POST', `/me/listings/${listing.id}/milestones`, {
      date: '2026-06-02',
      title: 'Versioned',
    });
    expect(await versionOf()).toBe(v0 + 1);
    // The answer gives the new version, so the caller's next edit is not refused against its own change.
    expect(made.body.listing_version).toBe(v0 + 1);
    // An edit made with the version read before the milestone (it went through, and a draft's stale list deleted it).
    const stale = await call('PATCH', `/me/listings/${listing.id}`, { version: v0, fields: { pricing: 'Free' } });
    expect(stale.status).toBe(409);
    const edited = await call('PATCH', `/me/listings/${listing.id}`, {
      version: made.body.listing_version,
      fields: { pricing: 'Free' },
    });
    expect(edited.status).toBe(200);
    const deleted = await call('DELETE', `/me/listings/${listing.id}/milestones/${made.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.listing_version).toBe(v0 + 3);
    expect(await versionOf()).toBe(v0 + 3);
    const sources = (await listingHistory(db, listing.id)).slice(0, 3).map((v) => v.source);
    expect(sources).toEqual(['delete_milestone', 'update_my_listing', 'add_milestone']);
    // A delete that finds nothing writes no version.
    expect((await call('DELETE', `/me/listings/${listing.id}/milestones/${made.body.id}`)).status).toBe(404);
    expect(await versionOf()).toBe(v0 + 3);
  });

  it('replays a delete with the same Idempotency-Key', async () => {
    const made = await call('POST', `/me/listings/${listing.id}/milestones`, { date: '2026-06-02', title: 'Twice' });
    const key = { 'idempotency-key': 'delete-key-1' };
    const path = `/me/listings/${listing.id}/milestones/${made.body.id}`;
    expect((await call('DELETE', path, undefined, key)).status).toBe(200);
    const again = await call('DELETE', path, undefined, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 404 for a milestone of another listing and for another account’s listing', async () => {
    const made = await call('POST', `/me/listings/${listing.id}/milestones`, { date: '2026-06-03', title: 'Stays' });
    const second = await ownListing(db, owner.user.id);
    const wrongListing = await call('DELETE', `/me/listings/${second.id}/milestones/${made.body.id}`);
    expect(wrongListing.status).toBe(404);
    const notYours = await other('DELETE', `/me/listings/${listing.id}/milestones/${made.body.id}`);
    expect(notYours.status).toBe(404);
    expect(notYours.body.code).toBe('not_found');
    expect(await db.select().from(listingMilestones).where(eq(listingMilestones.id, made.body.id))).toHaveLength(1);
  });
});
