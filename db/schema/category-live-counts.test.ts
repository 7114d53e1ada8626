// category_live_counts (migration 0019's triggers on listings) holds each category's live listings in
// step with every change: a listing filed, moved, published, unpublished, deleted; a vote changes nothing.
// The counts are compared with a count of the listings themselves after each step.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, categoryLiveCounts, listingCategories, listings, sites } from '@/db/schema';
import { listCategories } from '@/lib/catalog/catalog';
import { searchListings } from '@/lib/listings/search';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
const cats = await db
  .select({ id: categories.id, slug: categories.slug })
  .from(categories)
  .orderBy(categories.id)
  .limit(2);
const [a, b] = cats.map((x) => x.id);

async function addListing(status: 'live' | 'draft' = 'live') {
  const slug = `counts-${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await db
    .insert(listings)
    .values({ siteId: site.id, slug, name: slug, url: 'https://example.org', status })
    .returning({ id: listings.id });
  return row.id;
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** Each category's count as kept, and as the listings say; they must agree. */
async function kept() {
  const rows = await db.select().from(categoryLiveCounts);
  return new Map(rows.map((r) => [r.categoryId, r.listings]));
}
async function recounted() {
  const rows = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`select x as id, count(*)::int as n from listings, unnest(category_ids) x
      where status = 'live' group by x`),
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}
async function expectInStep() {
  expect(await kept()).toEqual(await recounted());
}

describe('category_live_counts', () => {
  it('follows filing, moving, publishing, unpublishing and deleting listings, and ignores votes', async () => {
    const before = (await kept()).get(a) ?? 0;
    const one = await addListing();
    const two = await addListing('draft');
    await db.insert(listingCategories).values([
      { listingId: one, categoryId: a, isPrimary: true },
      { listingId: one, categoryId: b, isPrimary: false, position: 1 },
      { listingId: two, categoryId: a, isPrimary: true },
    ]);
    expect((await kept()).get(a)).toBe(before + 1); // the draft does not count
    await expectInStep();

    await db.update(listings).set({ status: 'live' }).where(eq(listings.id, two));
    expect((await kept()).get(a)).toBe(before + 2);
    await expectInStep();

    await db
      .update(listings)
      .set({ votesCount: sql`${listings.votesCount} + 1` })
      .where(eq(listings.id, one));
    await expectInStep();

    await db
      .update(listingCategories)
      .set({ categoryId: b })
      .where(and(eq(listingCategories.listingId, two), eq(listingCategories.categoryId, a)));
    expect((await kept()).get(a)).toBe(before + 1);
    await expectInStep();

    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, one));
    expect((await kept()).get(a) ?? 0).toBe(before);
    await expectInStep();

    await db.delete(listings).where(eq(listings.id, two));
    await expectInStep();
  });

  it('gives the categories their counts, and a category search its total without counting', async () => {
    const id = await addListing();
    await db.insert(listingCategories).values({ listingId: id, categoryId: b, isPrimary: true });
    const counts = await recounted();
    const listed = await listCategories(db);
    expect(listed.find((c) => c.slug === cats[1].slug)?.listingCount).toBe(counts.get(b));
    const found = await searchListings(db, { category: cats[1].slug, page: 1, per_page: 1 });
    expect(found).toMatchObject({ total: counts.get(b), totalExact: true });

    // The total is the kept count: past the cap it is capped and flagged.
    const capped = await searchListings(
      db,
      { category: cats[1].slug, page: 1, per_page: 1 },
      { maxResults: (counts.get(b) ?? 1) - 1, candidates: 2 },
    );
    expect(capped).toMatchObject({ total: (counts.get(b) ?? 1) - 1, totalExact: false });

    // Read, not counted: a kept count that says more is what the search reports (then put back).
    await db.update(categoryLiveCounts).set({ listings: 50_000 }).where(eq(categoryLiveCounts.categoryId, b));
    const claimed = await searchListings(db, { category: cats[1].slug, page: 1, per_page: 1 });
    expect(claimed).toMatchObject({ total: 10_000, totalExact: false });
    await db
      .update(categoryLiveCounts)
      .set({ listings: counts.get(b) ?? 0 })
      .where(eq(categoryLiveCounts.categoryId, b));
    await expectInStep();
  });
});
