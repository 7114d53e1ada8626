// Latest updates from live listings (the updates page, the home page and the updates feed).
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, listingUpdates, LISTING_STATUS } from '@/db/schema';

export type UpdateItem = {
  id: number;
  title: string;
  body: string;
  createdAt: string;
  listing: { slug: string; name: string; logoUrl: string | null };
};

export async function latestUpdates(
  db: DbOrTx,
  page: { page: number; per_page: number },
): Promise<{ items: UpdateItem[]; total: number }> {
  const rows = await db
    .select({
      id: listingUpdates.id,
      title: listingUpdates.title,
      body: listingUpdates.body,
      createdAt: listingUpdates.createdAt,
      slug: listings.slug,
      name: listings.name,
      logoUrl: listings.logoUrl,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(listingUpdates)
    .innerJoin(listings, eq(listings.id, listingUpdates.listingId))
    .where(eq(listings.status, LISTING_STATUS.live))
    .orderBy(desc(listingUpdates.createdAt), desc(listingUpdates.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  // A page past the last holds no row to carry the count: counted apart, so the page can say how many there are.
  const total =
    rows[0]?.total ??
    (page.page > 1
      ? (
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(listingUpdates)
            .innerJoin(listings, eq(listings.id, listingUpdates.listingId))
            .where(eq(listings.status, LISTING_STATUS.live))
        )[0].n
      : 0);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
      listing: { slug: r.slug, name: r.name, logoUrl: r.logoUrl },
    })),
  };
}
