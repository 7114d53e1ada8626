// The pages' cached reads on a real database: a vote reaches the product page, the home page and
// the leaderboard within a second without any reader asking, and readers meanwhile get the last
// good value instead of waiting.
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, notExists } from 'drizzle-orm';
import { categories, listingCategories } from '@/db/schema';
import { publicCache } from '@/lib/cache/public-cache';
import { listingTags, revalidatePublic } from '@/lib/cache/tags';
import { isoWeekOf } from '@/lib/time/iso-week';
import { setVote } from '@/lib/votes/votes';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { cachedCategories, cachedHome, cachedLeaderboard, cachedListing } from './cached';

const { db } = await useTestDatabase();
// Runs before the database closes: rebuilds started by the last expiry read from it.
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 500));
  publicCache().clear();
});

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!ok(await read())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

describe('cached public reads', () => {
  it('a vote shows on the product page, home and leaderboard within a second, nobody waiting for a rebuild', async () => {
    const week = isoWeekOf(new Date());
    const listing = (await cachedHome(week)).allTime[0]; // on the home page's all-time list, and stays there
    const { user } = await createAccount(db);
    const page = () => cachedListing(listing.slug);
    const votesOnHome = async () => (await cachedHome(week)).allTime.find((r) => r.id === listing.id)?.votesCount;
    const votesOnBoard = async () =>
      (await cachedLeaderboard(week, 1)).rows.find((r) => r.id === listing.id)?.weekVotes ?? 0;

    const before = (await page())!.votes;
    const boardBefore = await votesOnBoard();
    const builds = publicCache().builds;
    await setVote(db, { userId: user.id, listingId: listing.id, vote: true });

    // Right after the write the old value is served at once (the rebuild runs in the background).
    const t = Date.now();
    expect((await page())!.votes).toBe(before);
    expect(Date.now() - t).toBeLessThan(50);

    expect(await eventually(page, (p) => p!.votes === before + 1, 1_000)).toBeLessThan(1_000);
    // Home and leaderboard were not read since the vote: rebuilt by the expiry itself.
    await new Promise((r) => setTimeout(r, 700));
    expect(await votesOnBoard()).toBe(boardBefore + 1);
    expect(await votesOnHome()).toBe(before + 1);
    // Each expired entry was rebuilt once, not per reader.
    expect(publicCache().builds - builds).toBeLessThanOrEqual(4);
  });

  it("a vote leaves the categories' listing counts alone; a re-filed listing expires them", async () => {
    const counts = async () => (await cachedCategories()).map((c) => `${c.slug}:${c.listingCount}`).join();
    const before = await counts();
    const listing = (await cachedHome(isoWeekOf(new Date()))).allTime[1];
    // A category the listing is not in gains it in the database, unannounced: what a rebuild would show.
    const [free] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(
        notExists(
          db
            .select()
            .from(listingCategories)
            .where(and(eq(listingCategories.listingId, listing.id), eq(listingCategories.categoryId, categories.id))),
        ),
      )
      .limit(1);
    await db
      .insert(listingCategories)
      .values({ listingId: listing.id, categoryId: free.id, isPrimary: false, position: 9 });

    const { user } = await createAccount(db);
    await setVote(db, { userId: user.id, listingId: listing.id, vote: true });
    await new Promise((r) => setTimeout(r, 400));
    expect(await counts()).toBe(before); // the vote did not rebuild them

    revalidatePublic(...listingTags(listing)); // what a writer that re-files a listing calls
    await eventually(counts, (c) => c !== before, 1_000);
  });
});
