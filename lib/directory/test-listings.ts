// Test helper: a listing of a given status with a unique, searchable name (and an update).
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  categories,
  listingCategories,
  listings,
  listingUpdates,
  sites,
  votes,
  LISTING_STATUS,
  type ListingStatus,
} from '@/db/schema';
import { createAccount } from '@/test/support/accounts';

export const HIDDEN_STATUSES = [
  LISTING_STATUS.draft,
  LISTING_STATUS.awaitingBadge,
  LISTING_STATUS.scheduled,
  LISTING_STATUS.rejected,
] as const;

export async function makeListing(
  db: Db,
  status: ListingStatus,
  opts: { token: string; week: string; launchedAt?: Date },
) {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const [cat] = await db.select({ id: categories.id, slug: categories.slug }).from(categories).limit(1);
  const name = `Zorblex ${opts.token} ${status}`;
  const [row] = await db
    .insert(listings)
    .values({
      siteId: site.id,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name,
      headline: `The ${status} ${opts.token} headline`,
      summary: `Summary of a ${status} listing & <friends>`,
      url: 'https://example.com',
      status,
      launchWeek: opts.week,
      launchedAt: opts.launchedAt ?? new Date(),
    })
    .returning({ id: listings.id, slug: listings.slug, name: listings.name });
  await db.insert(listingCategories).values({ listingId: row.id, categoryId: cat.id, isPrimary: true });
  await db
    .insert(listingUpdates)
    .values({ listingId: row.id, title: `Update of ${name}`, body: `Shipped something for ${name}.` });
  // a vote cast while it was live (the vote rules refuse new ones on unpublished listings)
  const voter = await createAccount(db);
  await db.insert(votes).values({ listingId: row.id, userId: voter.user.id, week: opts.week });
  await db.update(listings).set({ votesCount: 1 }).where(eq(listings.id, row.id));
  return { ...row, categorySlug: cat.slug };
}
