// The site team's review of edits on the real database: the before/after of each version, filters,
// mark reviewed, and revert (a new version through applyListingEdit, with revert_of).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, emailOutbox, listingVersions } from '@/db/schema';
import { listEdits, markReviewed, revertVersion } from '@/lib/admin/edits';
import { rejectListing } from '@/lib/admin/moderation';
import { AppError } from '@/lib/errors/app-error';
import { getSite } from '@/lib/site/site';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { adminContext, makeOwnedListing, otherSite, ownerEdit, reload } from './helpers';

const { db } = await useTestDatabase();
const admin = (await createAccount(db, { role: 'admin' })).user;
const member = (await createAccount(db)).user;
const page = { page: 1, per_page: 20 };

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => {
      if (!(e instanceof AppError)) throw e;
      return e;
    },
  );

describe('listEdits', () => {
  it('shows each version as before/after per field, with a word diff for text and who made it', async () => {
    const { listing, owner } = await makeOwnedListing(db);
    const cats = await db.select({ name: categories.name }).from(categories).limit(3);
    await ownerEdit(db, listing.id, owner.user.id, {
      headline: 'Invoices for small teams',
      categories: [cats[1].name, cats[2].name],
    });
    const site = await getSite(db);
    const { items, total } = await listEdits(db, site, { ...page, listing: String(listing.id) });
    expect(total).toBe(1);
    const [edit] = items;
    expect(edit).toMatchObject({
      version: 1,
      listing: { id: listing.id, name: listing.name, slug: listing.slug, status: 'live' },
      actor: { id: owner.user.id, email: owner.user.email, name: 'Owner Person' },
      face: 'web',
      source: 'update_my_listing',
      reviewedAt: null,
      changedSince: [],
      revertible: true,
    });
    const headline = edit.changes.find((c) => c.field === 'headline')!;
    expect(headline).toMatchObject({
      label: 'Headline',
      before: 'Invoices for freelancers',
      after: 'Invoices for small teams',
    });
    expect(headline.diff).toEqual([
      { kind: 'same', text: 'Invoices for ' },
      { kind: 'removed', text: 'freelancers' },
      { kind: 'added', text: 'small teams' },
    ]);
    const list = edit.changes.find((c) => c.field === 'categories')!;
    expect(list.diff).toBeNull();
    expect(list.after).toEqual([cats[1].name, cats[2].name]);
  });

  it('is newest first, filters by listing (id or name) and by unreviewed, and pages', async () => {
    const a = await makeOwnedListing(db);
    const b = await makeOwnedListing(db);
    const t0 = Date.now();
    await ownerEdit(db, a.listing.id, a.owner.user.id, { headline: 'A one' }, new Date(t0));
    await ownerEdit(db, b.listing.id, b.owner.user.id, { headline: 'B one' }, new Date(t0 + 1000));
    await ownerEdit(db, a.listing.id, a.owner.user.id, { headline: 'A two' }, new Date(t0 + 2000));
    const site = await getSite(db);

    const all = await listEdits(db, site, page);
    const mine = all.items.filter((e) => [a.listing.id, b.listing.id].includes(e.listing.id));
    expect(mine.map((e) => e.changes[0].after)).toEqual(['A two', 'B one', 'A one']);

    const byName = await listEdits(db, site, { ...page, listing: a.token });
    expect(byName.items.map((e) => e.version)).toEqual([2, 1]);
    expect(byName.items[1].changedSince).toEqual(['headline']);

    const first = await listEdits(db, site, { page: 1, per_page: 1, listing: String(a.listing.id) });
    expect(first).toMatchObject({ total: 2, has_more: true });
    const second = await listEdits(db, site, { page: 2, per_page: 1, listing: String(a.listing.id) });
    expect(second.items.map((e) => e.version)).toEqual([1]);
    expect(second.has_more).toBe(false);

    await markReviewed(await adminContext(db), { versionId: byName.items[0].id, adminId: admin.id });
    const open = await listEdits(db, site, { ...page, listing: String(a.listing.id), unreviewed: true });
    expect(open.items.map((e) => e.version)).toEqual([1]);
  });

  it("never shows another site's listings", async () => {
    const elsewhere = await otherSite(db);
    const { listing, owner } = await makeOwnedListing(db, { siteId: elsewhere.id });
    await ownerEdit(db, listing.id, owner.user.id, { headline: 'Elsewhere' });
    const { total } = await listEdits(db, await getSite(db), { ...page, listing: String(listing.id) });
    expect(total).toBe(0);
    const [v] = await db.select().from(listingVersions).where(eq(listingVersions.listingId, listing.id));
    expect((await refusal(markReviewed(await adminContext(db), { versionId: v.id, adminId: admin.id }))).code).toBe(
      'not_found',
    );
    expect((await refusal(revertVersion(await adminContext(db), { versionId: v.id, adminId: admin.id }))).code).toBe(
      'not_found',
    );
  });
});

describe('markReviewed', () => {
  it('sets reviewed_at and reviewed_by once; a member gets not_found', async () => {
    const { listing, owner } = await makeOwnedListing(db);
    await ownerEdit(db, listing.id, owner.user.id, { summary: 'Changed' });
    const [v] = await db.select().from(listingVersions).where(eq(listingVersions.listingId, listing.id));

    expect((await refusal(markReviewed(await adminContext(db), { versionId: v.id, adminId: member.id }))).code).toBe(
      'not_found',
    );
    expect(
      (await refusal(markReviewed(await adminContext(db), { versionId: v.id, adminId: owner.user.id }))).code,
    ).toBe('not_found');

    const at = new Date('2026-05-01T10:00:00Z');
    expect(await markReviewed(await adminContext(db, at), { versionId: v.id, adminId: admin.id })).toEqual({
      reviewedAt: at,
      reviewedBy: admin.id,
    });
    const other = (await createAccount(db, { role: 'admin' })).user;
    const again = await markReviewed(await adminContext(db), { versionId: v.id, adminId: other.id });
    expect(again).toEqual({ reviewedAt: at, reviewedBy: admin.id });
    const [row] = await db.select().from(listingVersions).where(eq(listingVersions.id, v.id));
    expect(row).toMatchObject({ reviewedAt: at, reviewedBy: admin.id });
    const { items } = await listEdits(db, await getSite(db), { ...page, listing: String(listing.id) });
    expect(items[0].reviewedBy).toMatchObject({ id: admin.id, email: admin.email });
  });
});

describe('revertVersion', () => {
  it('writes a new version (face admin, source revert, revert_of) that restores the fields, reviewed', async () => {
    const { listing, owner } = await makeOwnedListing(db);
    const cats = await db.select({ name: categories.name }).from(categories).limit(3);
    const beforeCats = [cats[0].name];
    await ownerEdit(db, listing.id, owner.user.id, {
      headline: 'Spam spam spam',
      categories: [cats[2].name],
      founded_year: 2020,
    });
    const [v1] = await db.select().from(listingVersions).where(eq(listingVersions.listingId, listing.id));

    const result = await revertVersion(await adminContext(db), { versionId: v1.id, adminId: admin.id });
    expect(result).toEqual({ version: 2, fields: ['headline', 'categories', 'founded_year'], overwritten: [] });
    // The owner is told (a revert mailed nobody, where a rejection did).
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, owner.user.email!), eq(emailOutbox.kind, 'notification')));
    expect(mail.subject).toContain('changed your listing');
    expect(mail.text).toContain('Headline, Categories, Founded');
    expect(mail.text).toContain(`/account/listings/${listing.id}`);

    const row = await reload(db, listing.id);
    expect(row).toMatchObject({ headline: 'Invoices for freelancers', foundedYear: null, version: 2 });
    const { items } = await listEdits(db, await getSite(db), { ...page, listing: String(listing.id) });
    const revert = items[0];
    expect(revert).toMatchObject({
      version: 2,
      face: 'admin',
      source: 'revert',
      revertOf: v1.id,
      actor: { id: admin.id },
      reviewedBy: { id: admin.id },
    });
    expect(revert.changes.find((c) => c.field === 'categories')).toMatchObject({
      before: [cats[2].name],
      after: beforeCats,
    });
    expect(items[1]).toMatchObject({ version: 1, reviewedBy: { id: admin.id } });
  });

  it('asks before overwriting a later change of the same field, then restores that version’s before', async () => {
    const { listing, owner } = await makeOwnedListing(db);
    await ownerEdit(db, listing.id, owner.user.id, { headline: 'Second headline', pricing: 'Free' });
    await ownerEdit(db, listing.id, owner.user.id, { headline: 'Third headline' });
    const versions = await db
      .select()
      .from(listingVersions)
      .where(eq(listingVersions.listingId, listing.id))
      .orderBy(listingVersions.version);
    const v1 = versions[0];

    const err = await refusal(revertVersion(await adminContext(db), { versionId: v1.id, adminId: admin.id }));
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/Later versions changed Headline since version 1/);
    expect(err.extra).toEqual({ changed_since: ['headline'] });
    expect((await reload(db, listing.id)).version).toBe(2); // nothing written

    const done = await revertVersion(await adminContext(db), {
      versionId: v1.id,
      adminId: admin.id,
      overwriteLater: true,
    });
    expect(done).toEqual({ version: 3, fields: ['headline', 'pricing'], overwritten: ['headline'] });
    expect(await reload(db, listing.id)).toMatchObject({ headline: 'Invoices for freelancers', pricing: null });
    const [v3] = await db
      .select()
      .from(listingVersions)
      .where(and(eq(listingVersions.listingId, listing.id), eq(listingVersions.version, 3)));
    expect(v3.changes).toEqual([
      { field: 'headline', before: 'Third headline', after: 'Invoices for freelancers' },
      { field: 'pricing', before: 'Free', after: null },
    ]);

    // Reverting the same version again changes nothing: refused, no empty version.
    const twice = await refusal(
      revertVersion(await adminContext(db), { versionId: v1.id, adminId: admin.id, overwriteLater: true }),
    );
    expect(twice.message).toMatch(/Nothing to revert/);
    expect((await reload(db, listing.id)).version).toBe(3);
  });

  it('is refused to a member and for a moderation version', async () => {
    const { listing, owner } = await makeOwnedListing(db);
    await ownerEdit(db, listing.id, owner.user.id, { headline: 'Mine' });
    const [v1] = await db.select().from(listingVersions).where(eq(listingVersions.listingId, listing.id));
    expect((await refusal(revertVersion(await adminContext(db), { versionId: v1.id, adminId: member.id }))).code).toBe(
      'not_found',
    );
    expect((await reload(db, listing.id)).headline).toBe('Mine');

    await rejectListing(await adminContext(db), { listingId: listing.id, adminId: admin.id, reason: 'Spam' });
    const { items } = await listEdits(db, await getSite(db), { ...page, listing: String(listing.id) });
    expect(items[0]).toMatchObject({ source: 'reject_listing', revertible: false, reviewedBy: { id: admin.id } });
    const err = await refusal(revertVersion(await adminContext(db), { versionId: items[0].id, adminId: admin.id }));
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/Restore/);
  });

  it('an unknown version is not_found', async () => {
    const err = await refusal(revertVersion(await adminContext(db), { versionId: 999_999, adminId: admin.id }));
    expect(err.code).toBe('not_found');
  });
});
