// A rejected listing's owner asks the site team for another look: every admin is mailed the message
// (one line each, quoted), once a day per listing; only for a rejected or archived listing, only its
// owner (404 for anyone else), and a message is required.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, listings } from '@/db/schema';
import { openReviewRequests, restoreListing, searchAdminListings } from '@/lib/admin/moderation';
import { contextFor } from '@/lib/orders/test/helpers';
import { requestReview } from '@/lib/owner-listings/review-request';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { makeListing } from './fixtures';

const { db } = await useTestDatabase();

describe('asking the site team for another look', () => {
  it('mails every admin once a day, for a rejected listing of the caller only', async () => {
    const admin = await createAccount(db, { role: 'admin' });
    const { user } = await createAccount(db);
    const ctx = await contextFor(db, user);
    const live = await makeListing(db, user.id, { name: 'Still Live' });
    await expect(requestReview(ctx, { listingId: live.id, message: 'Please' })).rejects.toMatchObject({
      code: 'conflict',
    });
    const listing = await makeListing(db, user.id, { name: 'Fixed Now', status: 'rejected' });
    await db.update(listings).set({ statusReason: 'Copied text.' }).where(eq(listings.id, listing.id));

    await expect(requestReview(ctx, { listingId: listing.id, message: '   ' })).rejects.toMatchObject({
      errors: [{ path: 'message' }],
    });
    const stranger = await contextFor(db, (await createAccount(db)).user);
    await expect(requestReview(stranger, { listingId: listing.id, message: 'Mine now' })).rejects.toMatchObject({
      code: 'not_found',
    });

    const message = 'I rewrote the description.\nBcc: victim@example.com';
    expect(await requestReview(ctx, { listingId: listing.id, message })).toMatchObject({ told: expect.any(Number) });
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, admin.user.email!.toLowerCase()));
    expect(mail.subject).toBe('Fixed Now asks for another look');
    expect(mail.text).toContain('Reason given: Copied text.');
    expect(mail.text).toContain('> I rewrote the description.\n> Bcc: victim@example.com');
    expect(mail.text).toContain(`/admin/listings?q=${listing.id}`);

    await expect(requestReview(ctx, { listingId: listing.id, message: 'Again?' })).rejects.toMatchObject({
      code: 'rate_limited',
    });
  });

  it('is listed for the site team until their next decision on the listing', async () => {
    const admin = await createAccount(db, { role: 'admin' });
    const { user } = await createAccount(db);
    const ctx = await contextFor(db, user);
    const listing = await makeListing(db, user.id, { name: 'Asks Again', status: 'archived' });
    const open = async () =>
      (await searchAdminListings(db, ctx.site, { reviewRequested: true, page: 1, per_page: 100 })).items.filter(
        (l) => l.id === listing.id,
      );
    expect(await open()).toEqual([]);
    const before = await openReviewRequests(db, ctx.site);
    await requestReview(ctx, { listingId: listing.id, message: 'The product is back online.' });
    expect(await open()).toMatchObject([{ reviewRequest: { message: 'The product is back online.' } }]);
    expect(await openReviewRequests(db, ctx.site)).toBe(before + 1);

    await restoreListing(ctx, { listingId: listing.id, adminId: admin.user.id });
    expect(await open()).toEqual([]);
    expect(await openReviewRequests(db, ctx.site)).toBe(before);
  });
});
