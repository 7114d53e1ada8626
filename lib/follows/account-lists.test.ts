// An account's Following page lists: its follows and votes, newest first, live listings only, never
// another account's; and the first week anyone voted in (where the leaderboard stops linking back).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, sites, votes, type ListingStatus } from '@/db/schema';
import { firstVotedWeek } from '@/lib/leaderboards/weekly';
import { setVote } from '@/lib/votes/votes';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { followedListings, votedListings } from './account-lists';
import { setFollow } from './follows';

const { db } = await useTestDatabase();
const loose = { rateLimit: { limit: 1000, windowMs: 60_000 } };

async function makeListing(name: string, status: ListingStatus = 'live') {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const [row] = await db
    .insert(listings)
    .values({
      siteId: site.id,
      slug: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`,
      name,
      url: 'https://example.com',
      status,
    })
    .returning({ id: listings.id });
  return row.id;
}

describe('an account’s follows and votes', () => {
  it('lists what it follows and voted for, newest first, live only, and nobody else’s', async () => {
    const { user } = await createAccount(db);
    const other = await createAccount(db);
    const [a, b, c] = [await makeListing('Alpha'), await makeListing('Beta'), await makeListing('Gamma')];
    expect(await followedListings(db, user.id)).toEqual([]);
    expect(await votedListings(db, user.id)).toEqual([]);

    await setFollow(db, { userId: user.id, listingId: a, follow: true }, loose);
    await new Promise((r) => setTimeout(r, 5));
    await setFollow(db, { userId: user.id, listingId: b, follow: true }, loose);
    await setFollow(db, { userId: other.user.id, listingId: c, follow: true }, loose);
    await setVote(db, { userId: user.id, listingId: c, vote: true }, { rateLimit: loose.rateLimit });
    await setVote(db, { userId: other.user.id, listingId: a, vote: true }, { rateLimit: loose.rateLimit });

    expect((await followedListings(db, user.id)).map((l) => l.name)).toEqual(['Beta', 'Alpha']);
    expect((await votedListings(db, user.id)).map((l) => l.name)).toEqual(['Gamma']);

    // A listing taken off the site leaves the lists.
    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, b));
    expect((await followedListings(db, user.id)).map((l) => l.name)).toEqual(['Alpha']);
  });

  it('knows the first week anyone voted in', async () => {
    const id = await makeListing('Delta');
    const { user } = await createAccount(db);
    await db.insert(votes).values({ listingId: id, userId: user.id, week: '2020-W02' });
    expect(await firstVotedWeek(db)).toBe('2020-W02');
  });
});
