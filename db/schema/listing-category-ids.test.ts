// listings.category_ids mirrors listing_categories (migration 0013's triggers): every insert, update
// and delete of a listing's categories, and a category's deletion, leave the ids in step.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, listingCategories, listings, sites } from '@/db/schema';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
const cats = await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(3);
const [a, b, c] = cats.map((x) => x.id);

async function addListing() {
  const slug = `cat-ids-${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await db
    .insert(listings)
    .values({ siteId: site.id, slug, name: slug, url: 'https://example.org', status: 'live' })
    .returning({ id: listings.id });
  return row.id;
}

async function idsOf(listingId: number) {
  const [row] = await db.select({ ids: listings.categoryIds }).from(listings).where(eq(listings.id, listingId));
  return row.ids;
}

describe('listings.category_ids', () => {
  it('follows inserts (in id order), a primary change, a move to another category and deletes', async () => {
    const id = await addListing();
    expect(await idsOf(id)).toEqual([]);
    await db.insert(listingCategories).values([
      { listingId: id, categoryId: c, isPrimary: true, position: 0 },
      { listingId: id, categoryId: a, isPrimary: false, position: 1 },
    ]);
    expect(await idsOf(id)).toEqual([a, c]);
    // The primary changes: the same categories, the same ids.
    await db
      .update(listingCategories)
      .set({ isPrimary: sql`not ${listingCategories.isPrimary}` })
      .where(eq(listingCategories.listingId, id));
    expect(await idsOf(id)).toEqual([a, c]);
    await db
      .update(listingCategories)
      .set({ categoryId: b })
      .where(and(eq(listingCategories.listingId, id), eq(listingCategories.categoryId, c)));
    expect(await idsOf(id)).toEqual([a, b]);
    await db
      .delete(listingCategories)
      .where(and(eq(listingCategories.listingId, id), eq(listingCategories.categoryId, a)));
    expect(await idsOf(id)).toEqual([b]);
    await db.delete(listingCategories).where(eq(listingCategories.listingId, id));
    expect(await idsOf(id)).toEqual([]);
  });

  it('updates every listing a statement touches, and only those', async () => {
    const [one, two, other] = [await addListing(), await addListing(), await addListing()];
    await db.insert(listingCategories).values([
      { listingId: one, categoryId: a, isPrimary: true },
      { listingId: two, categoryId: b, isPrimary: true },
      { listingId: two, categoryId: c, isPrimary: false, position: 1 },
      { listingId: other, categoryId: c, isPrimary: true },
    ]);
    expect([await idsOf(one), await idsOf(two), await idsOf(other)]).toEqual([[a], [b, c], [c]]);
    await db.delete(listingCategories).where(inArray(listingCategories.listingId, [one, two]));
    expect([await idsOf(one), await idsOf(two), await idsOf(other)]).toEqual([[], [], [c]]);
  });

  it("drops a deleted category's id from its listings", async () => {
    const [category] = await db
      .insert(categories)
      .values({ slug: `gone-${Math.random().toString(36).slice(2, 8)}`, name: 'Soon gone' })
      .returning({ id: categories.id });
    const id = await addListing();
    await db.insert(listingCategories).values([
      { listingId: id, categoryId: a, isPrimary: true },
      { listingId: id, categoryId: category.id, isPrimary: false, position: 1 },
    ]);
    expect(await idsOf(id)).toEqual([a, category.id].sort((x, y) => x - y));
    await db.delete(categories).where(eq(categories.id, category.id));
    expect(await idsOf(id)).toEqual([a]);
  });

  it('holds the same ids as listing_categories for every listing (the migration filled the seeded ones)', async () => {
    const rows = await db.execute(sql`
      select count(*)::int as n from listings l
      where l.category_ids is distinct from coalesce(
        (select array_agg(lc.category_id order by lc.category_id) from listing_categories lc where lc.listing_id = l.id),
        '{}'::int[])`);
    const n = (Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0].n;
    expect(n).toBe(0);
    const [{ categorised }] = await db
      .select({ categorised: sql<number>`count(*)::int` })
      .from(listings)
      .where(sql`cardinality(${listings.categoryIds}) > 0`);
    expect(categorised).toBeGreaterThan(0);
  });
});
