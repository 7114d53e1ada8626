// Read-your-writes on the product page: right after a vote or follow, the cached page may still show
// the old counts (it is being rebuilt), but the person who acted gets theirs from the primary.
import { afterAll, describe, expect, it } from 'vitest';
import { publicCache } from '@/lib/cache/public-cache';
import { setFollow } from '@/lib/follows/follows';
import { isoWeekOf } from '@/lib/time/iso-week';
import { setVote } from '@/lib/votes/votes';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { cachedHome, cachedListing } from './cached';
import { viewerOfListing } from './viewer';

const { db } = await useTestDatabase();
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 1_500)); // the settle pass rebuilds before the database closes
  publicCache().clear();
});

describe('viewerOfListing', () => {
  it('gives the voter their own vote and the new counts while the cached page still shows the old ones', async () => {
    const row = (await cachedHome(isoWeekOf(new Date()))).allTime[0];
    const cached = (await cachedListing(row.slug))!;
    const { user } = await createAccount(db);
    expect(await viewerOfListing(db, user.id, cached.id)).toEqual({
      voted: false,
      following: false,
      votes: cached.votes,
      followers: cached.followers,
    });

    await setVote(db, { userId: user.id, listingId: cached.id, vote: true });
    expect((await cachedListing(row.slug))!.votes).toBe(cached.votes); // the cache is still being rebuilt
    expect(await viewerOfListing(db, user.id, cached.id)).toMatchObject({ voted: true, votes: cached.votes + 1 });
    await setFollow(db, { userId: user.id, listingId: cached.id, follow: true });
    expect(await viewerOfListing(db, user.id, cached.id)).toEqual({
      voted: true,
      following: true,
      votes: cached.votes + 1,
      followers: cached.followers + 1,
    });
    const other = await createAccount(db);
    expect(await viewerOfListing(db, other.user.id, cached.id)).toMatchObject({ voted: false, following: false });
  });

  it('is null for no such listing', async () => {
    const { user } = await createAccount(db);
    expect(await viewerOfListing(db, user.id, 987_654)).toBeNull();
  });
});
