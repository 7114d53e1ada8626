// list_my_listings, get_my_listing and update_my_listing over REST: every status and co-owned listings,
// newest first; another account's listing is 404; each edit is one version with before/after;
// Idempotency-Key replay and reuse; version / If-Match; apply_to copies only the fields sent, and only
// to the caller's own listings of the same product.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listings, listingVersions } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';
import { useApp } from '@/test/support/app';
import { createAccount } from '@/test/support/accounts';
import { caller, type Caller } from '@/lib/drafts/test/helpers';
import { coOwn, makeListing } from './fixtures';

const { db } = await useTestDatabase();
const app = await useApp();

type Account = Awaited<ReturnType<typeof createAccount>>;
let owner: Account;
let call: Caller;
let stranger: Caller;

beforeAll(async () => {
  owner = await createAccount(db, { name: 'Ana Owner' });
  call = caller(app.url, owner.auth);
  stranger = caller(app.url, (await createAccount(db)).auth);
});

const versionsOf = (listingId: number) =>
  db
    .select()
    .from(listingVersions)
    .where(eq(listingVersions.listingId, listingId))
    .orderBy(asc(listingVersions.version));
const rowOf = async (id: number) => (await db.select().from(listings).where(eq(listings.id, id)))[0];

describe('list_my_listings', () => {
  it('lists every status and co-owned listings, newest first, paginated; never another account’s', async () => {
    const a = await createAccount(db);
    const other = await createAccount(db);
    const list = caller(app.url, a.auth);
    const t = (d: number) => new Date(Date.UTC(2026, 0, d));
    const draft = await makeListing(db, a.user.id, { status: 'draft', name: 'First', createdAt: t(1) });
    const rejected = await makeListing(db, a.user.id, { status: 'rejected', name: 'Second', createdAt: t(2) });
    const shared = await makeListing(db, other.user.id, { name: 'Shared', createdAt: t(3) });
    await coOwn(db, other.user.id, a.user.id, shared.id);
    await makeListing(db, other.user.id, { name: 'Not mine', createdAt: t(4) });

    const res = await list('GET', '/me/listings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, per_page: 20, total: 3, has_more: false });
    expect(res.body.items.map((l: { id: number }) => l.id)).toEqual([shared.id, rejected.id, draft.id]);
    expect(res.body.items[1]).toMatchObject({
      status: 'rejected',
      plan: 'none',
      site_key: 'main',
      page_url: `${app.url}/p/${rejected.slug}`,
      edit_url: `${app.url}/account/listings/${rejected.id}`,
    });

    const page2 = await list('GET', '/me/listings?page=2&per_page=2');
    expect(page2.body).toMatchObject({ page: 2, per_page: 2, total: 3, has_more: false });
    expect(page2.body.items.map((l: { id: number }) => l.id)).toEqual([draft.id]);
    expect((await list('GET', '/me/listings?per_page=0')).status).toBe(422);
    expect((await list('GET', '/me/listings?extra=1')).status).toBe(422);
  });

  it('needs a credential with account:read', async () => {
    expect((await caller(app.url, {})('GET', '/me/listings')).status).toBe(401);
    const writer = caller(app.url, (await createAccount(db, { scopes: ['listings:write'] })).auth);
    const res = await writer('GET', '/me/listings');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
  });
});

describe('get_my_listing', () => {
  it('answers the listing with its version as the ETag and the same product on other sites', async () => {
    const url = 'https://get-mine.example.com';
    const main = await makeListing(db, owner.user.id, { url });
    const makers = await makeListing(db, owner.user.id, { url, site: 'makers', status: 'draft' });
    await makeListing(db, (await createAccount(db)).user.id, { url, site: 'makers' }); // someone else's

    const res = await call('GET', `/me/listings/${main.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"0"');
    expect(res.body).toMatchObject({
      id: main.id,
      status: 'live',
      plan: 'none',
      version: 0,
      headline: 'Bookkeeping without the shoebox',
      company_name: 'Tidy Books Ltd',
      page_url: `${app.url}/p/${main.slug}`,
      other_sites: [{ site_key: 'makers', site_name: 'Makers Shelf', listing_id: makers.id }],
      story: { status: 'none' },
    });
    expect(res.body.unlocked_sections).toEqual([]);
    // A paid launch shows the milestones section: the listing says so (it said [] and offered nothing to buy).
    await db.update(listings).set({ plan: 'paid' }).where(eq(listings.id, main.id));
    expect((await call('GET', `/me/listings/${main.id}`)).body.unlocked_sections).toEqual(['milestones']);
  });

  it('is 404 for another account’s listing, an unknown id, and 422 for a malformed one', async () => {
    const mine = await makeListing(db, owner.user.id);
    const res = await stranger('GET', `/me/listings/${mine.id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect((await call('GET', '/me/listings/999999')).status).toBe(404);
    expect((await call('GET', '/me/listings/abc')).status).toBe(422);
  });
});

describe('update_my_listing', () => {
  it('changes only the fields sent, publishes them, and keeps one version with before and after', async () => {
    const l = await makeListing(db, owner.user.id);
    const res = await call(
      'PATCH',
      `/me/listings/${l.id}`,
      {
        fields: { headline: 'Receipts to reports in a minute', team_size: '2-10', categories: ['finance', 'AI'] },
        socials: { x: 'https://x.com/tidybooks', linkedin: null },
        faqs: [{ question: 'Is there a free plan?', answer: 'Yes, for 20 receipts a month.' }],
      },
      { 'idempotency-key': 'edit-1' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.body).toMatchObject({
      id: l.id,
      version: 1,
      version_created: 1,
      headline: 'Receipts to reports in a minute',
      summary: 'Receipts in, reports out.',
      team_size: '2-10',
      categories: ['Finance', 'AI'],
      socials: { x: 'https://x.com/tidybooks' },
      faqs: [{ question: 'Is there a free plan?', answer: 'Yes, for 20 receipts a month.' }],
      applied_to: [],
    });
    expect(res.body.changed_fields.sort()).toEqual(['categories', 'faqs', 'headline', 'socials', 'team_size']);

    const versions = await versionsOf(l.id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, source: 'update_my_listing', face: 'api', actorId: owner.user.id });
    expect(versions[0].changes).toContainEqual({
      field: 'headline',
      before: 'Bookkeeping without the shoebox',
      after: 'Receipts to reports in a minute',
    });
    expect(versions[0].changes).toContainEqual({ field: 'team_size', before: null, after: '2-10' });

    // The same key and body: the stored answer, and no second version.
    const replay = await call(
      'PATCH',
      `/me/listings/${l.id}`,
      {
        fields: { headline: 'Receipts to reports in a minute', team_size: '2-10', categories: ['finance', 'AI'] },
        socials: { x: 'https://x.com/tidybooks', linkedin: null },
        faqs: [{ question: 'Is there a free plan?', answer: 'Yes, for 20 receipts a month.' }],
      },
      { 'idempotency-key': 'edit-1' },
    );
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.version_created).toBe(1);
    // The same key with another body: refused, nothing saved.
    const reuse = await call(
      'PATCH',
      `/me/listings/${l.id}`,
      { fields: { headline: 'Something else' } },
      { 'idempotency-key': 'edit-1' },
    );
    expect(reuse.status).toBe(422);
    expect(reuse.body.code).toBe('idempotency_key_reuse');
    expect(await versionsOf(l.id)).toHaveLength(1);
    expect((await rowOf(l.id)).headline).toBe('Receipts to reports in a minute');

    // Sending what is already there changes nothing and writes no version.
    const same = await call('PATCH', `/me/listings/${l.id}`, { fields: { team_size: '2-10' } });
    expect(same.body).toMatchObject({ version: 1, version_created: null, changed_fields: [] });
    expect(await versionsOf(l.id)).toHaveLength(1);
  });

  it('refuses unknown fields, bad values and unknown categories with 422, saving nothing', async () => {
    const l = await makeListing(db, owner.user.id);
    const cases: [unknown, string][] = [
      [{ fields: { name: 'Renamed' } }, 'fields.name'],
      [{ fields: { headline: 'x' }, color: 'red' }, 'color'],
      [{ fields: { headline: 'x'.repeat(141) } }, 'fields.headline'],
      [{ fields: { contact_email: 'nope' } }, 'fields.contact_email'],
      [{ fields: { categories: ['No such category'] } }, 'fields.categories.0'],
      [{ socials: { myspace: 'https://myspace.com/x' } }, 'socials.myspace'],
      [{ faqs: Array.from({ length: 6 }, (_, i) => ({ question: `Q${i}`, answer: 'A' })) }, 'faqs'],
    ];
    for (const [body, path] of cases) {
      const res = await call('PATCH', `/me/listings/${l.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].path, JSON.stringify(res.body)).toBe(path);
    }
    expect(await versionsOf(l.id)).toHaveLength(0);
    expect((await rowOf(l.id)).version).toBe(0);
  });

  it('is 404 for another account’s listing and needs listings:write', async () => {
    const l = await makeListing(db, owner.user.id);
    const res = await stranger('PATCH', `/me/listings/${l.id}`, { fields: { headline: 'Mine now' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const reader = caller(app.url, (await createAccount(db, { scopes: ['account:read'] })).auth);
    expect((await reader('PATCH', `/me/listings/${l.id}`, { fields: { headline: 'x' } })).status).toBe(403);
    expect((await rowOf(l.id)).headline).toBe('Bookkeeping without the shoebox');
  });

  it('refuses a stale version or If-Match with 409 version_conflict and the current listing', async () => {
    const l = await makeListing(db, owner.user.id);
    const ok = await call('PATCH', `/me/listings/${l.id}`, { version: 0, fields: { pricing: '$5' } });
    expect(ok.body.version).toBe(1);
    const stale = await call('PATCH', `/me/listings/${l.id}`, { version: 0, fields: { pricing: '$6' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'version_conflict', current_version: 1, current: { pricing: '$5' } });
    expect(stale.headers.get('etag')).toBe('"1"');
    expect(stale.body.detail).toMatch(/^This listing changed since version 0: it is now at version 1\./);
    // A version not reached yet is named as such, not as a change since.
    const ahead = await call('PATCH', `/me/listings/${l.id}`, { version: 999, fields: { pricing: '$6' } });
    expect(ahead.status).toBe(409);
    expect(ahead.body.detail).toMatch(/^This listing has no version 999: it is at version 1\./);
    const staleHeader = await call(
      'PATCH',
      `/me/listings/${l.id}`,
      { fields: { pricing: '$6' } },
      { 'if-match': '"0"' },
    );
    expect(staleHeader.status).toBe(409);
    const current = await call('PATCH', `/me/listings/${l.id}`, { fields: { pricing: '$6' } }, { 'if-match': '"1"' });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ version: 2, pricing: '$6' });
    expect((await versionsOf(l.id)).map((v) => v.version)).toEqual([1, 2]);

    // A write that keeps no version refuses If-Match rather than ignore it (a client would think it guarded).
    const milestone = await call(
      'POST',
      `/me/listings/${l.id}/milestones`,
      { date: '2026-01-05', title: 'Launched' },
      { 'if-match': '"0"' },
    );
    expect(milestone.status).toBe(400);
    expect(milestone.body.detail).toMatch(/^add_milestone keeps no version to match: send it without If-Match\./);
    expect((await rowOf(l.id)).version).toBe(2);
    const anyVersion = { 'if-match': '*' };
    expect(
      (await call('POST', `/me/listings/${l.id}/milestones`, { date: '2026-01-05', title: 'Launched' }, anyVersion))
        .status,
    ).toBe(201);
  });

  describe('apply_to', () => {
    it('copies only the company facts, socials and FAQs sent, only to the caller’s listings of the same product', async () => {
      const url = 'https://apply-to.example.com';
      const main = await makeListing(db, owner.user.id, { url });
      const makers = await makeListing(db, owner.user.id, { url, site: 'makers', status: 'draft' });
      const theirs = await makeListing(db, (await createAccount(db)).user.id, { url, site: 'makers' });
      const elsewhere = await makeListing(db, owner.user.id, { site: 'makers' }); // another product of mine

      const res = await call('PATCH', `/me/listings/${main.id}`, {
        fields: { headquarters: 'Porto, Portugal', headline: 'Only for this site' },
        socials: { github: 'https://github.com/tidybooks' },
        apply_to: ['all'],
      });
      expect(res.status).toBe(200);
      expect(res.body.changed_fields.sort()).toEqual(['headline', 'headquarters', 'socials']);
      expect(res.body.applied_to).toEqual([
        {
          site_key: 'makers',
          site_name: 'Makers Shelf',
          listing_id: makers.id,
          changed_fields: ['headquarters', 'socials'],
          version_created: 1,
          not_copied: ['headline'],
        },
      ]);
      const copy = await rowOf(makers.id);
      expect(copy).toMatchObject({
        headquarters: 'Porto, Portugal',
        socials: { github: 'https://github.com/tidybooks' },
        headline: 'Bookkeeping without the shoebox',
        foundedYear: 2020,
        version: 1,
      });
      const [v] = await versionsOf(makers.id);
      expect(v).toMatchObject({ source: 'update_my_listing', actorId: owner.user.id });
      expect(v.changes.map((c) => c.field)).toEqual(['headquarters', 'socials']);
      for (const untouched of [theirs, elsewhere]) {
        expect(await rowOf(untouched.id)).toMatchObject({ headquarters: null, version: 0 });
        expect(await versionsOf(untouched.id)).toHaveLength(0);
      }
    });

    it('takes site keys; the default is this listing only; an unknown key or a site without the product is 422', async () => {
      const url = 'https://apply-keys.example.com';
      const main = await makeListing(db, owner.user.id, { url });
      const makers = await makeListing(db, owner.user.id, { url, site: 'makers' });

      const alone = await call('PATCH', `/me/listings/${main.id}`, { fields: { pricing: 'Free' } });
      expect(alone.body.applied_to).toEqual([]);
      expect((await rowOf(makers.id)).pricing).toBeNull();

      const keyed = await call('PATCH', `/me/listings/${main.id}`, { fields: { pricing: '$9' }, apply_to: ['makers'] });
      expect(keyed.body.applied_to.map((a: { listing_id: number }) => a.listing_id)).toEqual([makers.id]);
      expect((await rowOf(makers.id)).pricing).toBe('$9');

      const unknown = await call('PATCH', `/me/listings/${main.id}`, {
        fields: { pricing: '$10' },
        apply_to: ['makers', 'nope'],
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors[0].path).toBe('apply_to.1');
      // Beside "all" too: a mistyped key is refused, not ignored.
      const besideAll = await call('PATCH', `/me/listings/${main.id}`, {
        fields: { pricing: '$11' },
        apply_to: ['all', 'nope'],
      });
      expect(besideAll.status).toBe(422);
      expect(besideAll.body.errors[0].path).toBe('apply_to.1');
      const lonely = await makeListing(db, owner.user.id);
      const without = await call('PATCH', `/me/listings/${lonely.id}`, {
        fields: { pricing: '$1' },
        apply_to: ['makers'],
      });
      expect(without.status).toBe(422);
      expect(without.body.errors[0].path).toBe('apply_to.0');
      expect((await rowOf(main.id)).pricing).toBe('$9');
      expect((await rowOf(lonely.id)).pricing).toBeNull();
    });
  });
});
