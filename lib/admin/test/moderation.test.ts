// The site team's moderation on the real database: reject or archive with a reason (the owner is
// emailed, the listing leaves public search over HTTP and its page 404s), restore, and finding any
// listing of this site.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, listingReviewRequests, listings, listingVersions, users } from '@/db/schema';
import {
  answerReviewRequest,
  archiveListing,
  rejectListing,
  restoreListing,
  searchAdminListings,
} from '@/lib/admin/moderation';
import { openReviewRequest } from '@/lib/owner-listings/review-request';
import { getPublicListing } from '@/lib/directory/listing-page';
import { AppError } from '@/lib/errors/app-error';
import { getSite } from '@/lib/site/site';
import { createAccount } from '@/test/support/accounts';
import { useApp } from '@/test/support/app';
import { useTestDatabase } from '@/test/support/db';
import { adminContext, BASE_URL, makeOwnedListing, otherSite, reload } from './helpers';
import { createCheckout } from '@/lib/orders/checkout';
import { startPayment } from '@/lib/orders/payment';
import { contextFor } from '@/lib/orders/test/helpers';

const { db } = await useTestDatabase();
const app = await useApp();
const admin = (await createAccount(db, { role: 'admin' })).user;
const member = (await createAccount(db)).user;

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

async function publicSearch(q: string): Promise<number[]> {
  const res = await fetch(`${app.url}/api/v1/listings?q=${encodeURIComponent(q)}&per_page=50`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: { id: number }[] };
  return body.items.map((i) => i.id);
}

const mailTo = async (to: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.to, to.toLowerCase())).orderBy(desc(emailOutbox.id));

describe('rejectListing', () => {
  it('rejects with the reason, emails the owner, and the listing leaves public search and its page', async () => {
    const { listing, owner, token } = await makeOwnedListing(db);
    expect(await publicSearch(`Quillmark ${token}`)).toEqual([listing.id]);
    expect((await getPublicListing(db, { slug: listing.slug }))?.id).toBe(listing.id);

    const now = new Date('2026-06-01T09:00:00Z');
    const result = await rejectListing(await adminContext(db, now), {
      listingId: listing.id,
      adminId: admin.id,
      reason: '  Copies another product’s pages word for word.  ',
    });
    expect(result).toEqual({
      name: listing.name,
      status: 'rejected',
      previousStatus: 'live',
      emailedTo: owner.user.email,
      paidOrders: [],
    });

    expect(await reload(db, listing.id)).toMatchObject({
      status: 'rejected',
      statusReason: 'Copies another product’s pages word for word.',
      version: 1,
    });
    expect(await publicSearch(`Quillmark ${token}`)).toEqual([]);
    expect(await getPublicListing(db, { slug: listing.slug })).toBeNull();
    expect(await getPublicListing(db, { id: listing.id })).toBeNull();

    const [mail] = await mailTo(owner.user.email!);
    expect(mail).toMatchObject({ kind: 'notification', subject: `Your listing ${listing.name} was rejected` });
    expect(mail.text).toContain('Reason: Copies another product’s pages word for word.');
    expect(mail.text).toContain(`${BASE_URL}/account/listings/${listing.id}`);

    const [version] = await db.select().from(listingVersions).where(eq(listingVersions.listingId, listing.id));
    expect(version).toMatchObject({
      version: 1,
      face: 'admin',
      source: 'reject_listing',
      actorId: admin.id,
      reviewedBy: admin.id,
      reviewedAt: now,
      changes: [
        { field: 'status', before: 'live', after: 'rejected' },
        { field: 'status_reason', before: null, after: 'Copies another product’s pages word for word.' },
      ],
    });
  });

  it('keeps user text in the mail to one line (name and reason)', async () => {
    const { listing, owner } = await makeOwnedListing(db, { name: 'Evil\r\nBcc: victim@example.com' });
    await rejectListing(await adminContext(db), {
      listingId: listing.id,
      adminId: admin.id,
      reason: 'Line one\nLine two\u202e',
    });
    const [mail] = await mailTo(owner.user.email!);
    expect(mail.subject).toBe('Your listing Evil Bcc: victim@example.com was rejected');
    expect(mail.text).toContain('Reason: Line one Line two\n');
    expect(mail.text).not.toContain('\u202e');
    expect((await reload(db, listing.id)).statusReason).toBe('Line one\nLine two\u202e'); // stored as written
  });

  it('needs a reason of at most 500 characters', async () => {
    const { listing } = await makeOwnedListing(db);
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      const err = await refusal(
        rejectListing(await adminContext(db), { listingId: listing.id, adminId: admin.id, reason }),
      );
      expect(err.code).toBe('validation_failed');
      expect(err.errors?.[0]?.path).toBe('reason');
    }
    await rejectListing(await adminContext(db), { listingId: listing.id, adminId: admin.id, reason: 'x'.repeat(500) });
    expect((await reload(db, listing.id)).status).toBe('rejected');
  });

  it("is not_found for a member, the owner, and another site's listing; conflict when already rejected", async () => {
    const { listing, owner } = await makeOwnedListing(db);
    for (const adminId of [member.id, owner.user.id]) {
      const err = await refusal(
        rejectListing(await adminContext(db), { listingId: listing.id, adminId, reason: 'No' }),
      );
      expect(err.code).toBe('not_found');
    }
    expect((await reload(db, listing.id)).status).toBe('live');

    const elsewhere = await otherSite(db);
    const other = await makeOwnedListing(db, { siteId: elsewhere.id });
    const err = await refusal(
      archiveListing(await adminContext(db), { listingId: other.listing.id, adminId: admin.id, reason: 'Gone' }),
    );
    expect(err.code).toBe('not_found');
    expect((await reload(db, other.listing.id)).status).toBe('live');

    await rejectListing(await adminContext(db), { listingId: listing.id, adminId: admin.id, reason: 'Spam' });
    const again = await refusal(
      rejectListing(await adminContext(db), { listingId: listing.id, adminId: admin.id, reason: 'Spam' }),
    );
    expect(again.code).toBe('conflict');
  });

  it('a listing without an owner account is moderated without mail', async () => {
    const { listing } = await makeOwnedListing(db);
    await db.update(listings).set({ ownerId: null }).where(eq(listings.id, listing.id));
    const result = await archiveListing(await adminContext(db), {
      listingId: listing.id,
      adminId: admin.id,
      reason: 'The product shut down.',
    });
    expect(result).toEqual({
      name: listing.name,
      status: 'archived',
      previousStatus: 'live',
      emailedTo: null,
      paidOrders: [],
    });
  });
});

describe('a listing with paid orders', () => {
  it('names them to the site team when it is rejected (what they deliver no longer shows)', async () => {
    const { listing, owner } = await makeOwnedListing(db);
    const ctx = await contextFor(db, owner.user);
    const order = await createCheckout(ctx, {
      items: [{ product: 'unlock_milestones', listing_id: listing.id }],
      billing_country: 'US',
    });
    await startPayment(db, { number: order.number, method: 'card', now: new Date(), baseUrl: '', token: null });
    const result = await rejectListing(await adminContext(db), {
      listingId: listing.id,
      adminId: admin.id,
      reason: 'Spam.',
    });
    expect(result.paidOrders).toEqual([order.number]);
  });
});

describe('restoreListing', () => {
  it('undoes the latest moderation: archived → rejected (with its reason) → live, and public again', async () => {
    const { listing, owner, token } = await makeOwnedListing(db);
    const ctx = await adminContext(db);
    await rejectListing(ctx, { listingId: listing.id, adminId: admin.id, reason: 'Spam' });
    await archiveListing(ctx, { listingId: listing.id, adminId: admin.id, reason: 'Gone for good' });
    expect(await reload(db, listing.id)).toMatchObject({ status: 'archived', statusReason: 'Gone for good' });

    expect(await restoreListing(ctx, { listingId: listing.id, adminId: admin.id })).toMatchObject({
      status: 'rejected',
      previousStatus: 'archived',
    });
    expect(await reload(db, listing.id)).toMatchObject({ status: 'rejected', statusReason: 'Spam' });

    expect(await restoreListing(ctx, { listingId: listing.id, adminId: admin.id })).toMatchObject({ status: 'live' });
    expect(await reload(db, listing.id)).toMatchObject({ status: 'live', statusReason: null, version: 4 });
    expect(await publicSearch(`Quillmark ${token}`)).toEqual([listing.id]);
    const [mail] = await mailTo(owner.user.email!);
    expect(mail.subject).toBe(`Your listing ${listing.name} was restored`);

    const err = await refusal(restoreListing(ctx, { listingId: listing.id, adminId: admin.id }));
    expect(err.code).toBe('conflict');
  });

  it('a rejected listing with no moderation record goes back to draft; a member gets not_found', async () => {
    const { listing } = await makeOwnedListing(db, { status: 'rejected' });
    const ctx = await adminContext(db);
    expect((await refusal(restoreListing(ctx, { listingId: listing.id, adminId: member.id }))).code).toBe('not_found');
    expect(await restoreListing(ctx, { listingId: listing.id, adminId: admin.id })).toMatchObject({ status: 'draft' });
  });
});

describe('searchAdminListings', () => {
  it('finds any status by id, name, slug, website or owner email; only this site', async () => {
    const { listing, owner, token } = await makeOwnedListing(db, { status: 'draft' });
    const site = await getSite(db);
    const find = async (q: string) =>
      (await searchAdminListings(db, site, { q, page: 1, per_page: 20 })).items.map((r) => r.id);
    for (const q of [String(listing.id), `quillmark ${token}`, `quillmark-${token}`, `${token}.example.com`])
      expect(await find(q)).toContain(listing.id);
    expect(await find(owner.user.email!.toUpperCase())).toEqual([listing.id]);
    expect(await find('%')).toEqual([]); // LIKE wildcards are taken literally
    expect(await find('_')).toEqual([]);

    const { items } = await searchAdminListings(db, site, { q: token, status: 'draft', page: 1, per_page: 5 });
    expect(items).toEqual([
      expect.objectContaining({
        id: listing.id,
        status: 'draft',
        plan: 'free',
        owner: { id: owner.user.id, email: owner.user.email, name: 'Owner Person' },
      }),
    ]);
    expect((await searchAdminListings(db, site, { q: token, status: 'live', page: 1, per_page: 5 })).total).toBe(0);

    const elsewhere = await otherSite(db);
    const other = await makeOwnedListing(db, { siteId: elsewhere.id });
    expect(await find(other.token)).toEqual([]);
    const [u] = await db.select().from(users).where(eq(users.id, owner.user.id));
    expect(u.role).toBe('member');
  });
});

describe('answerReviewRequest', () => {
  it('keeps the decision, mails the owner the answer and closes the request; nothing open is a 409', async () => {
    const { listing, owner } = await makeOwnedListing(db, { status: 'rejected' });
    await db.update(listings).set({ statusReason: 'Copied pages.' }).where(eq(listings.id, listing.id));
    await db
      .insert(listingReviewRequests)
      .values({ listingId: listing.id, userId: owner.user.id, message: 'I rewrote it.', requestedAt: new Date() });
    const ctx = await adminContext(db, new Date('2026-06-02T09:00:00Z'));
    const empty = await refusal(answerReviewRequest(ctx, { listingId: listing.id, adminId: admin.id, answer: ' ' }));
    expect(empty.errors?.[0]?.path).toBe('answer');
    const denied = await refusal(
      answerReviewRequest(ctx, { listingId: listing.id, adminId: member.id, answer: 'Still copied.' }),
    );
    expect(denied.status).toBe(404);

    const result = await answerReviewRequest(ctx, {
      listingId: listing.id,
      adminId: admin.id,
      answer: 'The pricing page is still copied word for word.',
    });
    expect(result).toMatchObject({ status: 'rejected', emailedTo: owner.user.email });
    expect(await reload(db, listing.id)).toMatchObject({ status: 'rejected', statusReason: 'Copied pages.' });
    expect(await openReviewRequest(db, listing.id)).toBeNull();
    const [mail] = await mailTo(owner.user.email!);
    expect(mail.subject).toContain('looked again');
    expect(mail.text).toContain('It stays rejected.');
    expect(mail.text).toContain('Their answer: The pricing page is still copied word for word.');
    const again = await refusal(answerReviewRequest(ctx, { listingId: listing.id, adminId: admin.id, answer: 'No.' }));
    expect(again.code).toBe('conflict');
  });
});
