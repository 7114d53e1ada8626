// Test helpers for the site team's domain: a live listing of a fresh founder, an admin, the context.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { categories, listingCategories, listings, sites, type ListingStatus } from '@/db/schema';
import { getSite } from '@/lib/site/site';
import type { ListingPatch } from '@/lib/owner-listings/listing-fields';
import { applyListingEdit } from '@/lib/owner-listings/edit';
import { createAccount } from '@/test/support/accounts';

export const BASE_URL = 'https://directory.test';

export async function adminContext(db: Db, now = new Date()) {
  return { db, now, site: await getSite(db), baseUrl: BASE_URL };
}

/** A listing of a new founder account (on this site unless `siteId` says otherwise). */
export async function makeOwnedListing(
  db: Db,
  opts: { status?: ListingStatus; name?: string; siteId?: number; headline?: string } = {},
) {
  const owner = await createAccount(db, { name: 'Owner Person' });
  // Starts with a letter: an all-digit token would be read as a listing id by the admin filters.
  const token = `t${randomBytes(4).toString('hex')}`;
  const siteId = opts.siteId ?? (await getSite(db)).id;
  const name = opts.name ?? `Quillmark ${token}`;
  const [cat] = await db.select().from(categories).limit(1);
  const [row] = await db
    .insert(listings)
    .values({
      siteId,
      ownerId: owner.user.id,
      slug: `quillmark-${token}`,
      name,
      url: `https://quillmark-${token}.example.com`,
      headline: opts.headline ?? 'Invoices for freelancers',
      summary: `Summary ${token}`,
      status: opts.status ?? 'live',
      plan: 'free',
      launchWeek: '2026-W10',
      launchedAt: new Date(),
    })
    .returning();
  await db.insert(listingCategories).values({ listingId: row.id, categoryId: cat.id, isPrimary: true });
  return { listing: row, owner, token };
}

export async function reload(db: Db, id: number) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  return row;
}

/** An owner's edit through the one edit path, as the owner's pages would make it. */
export async function ownerEdit(db: Db, listingId: number, actorId: string, patch: ListingPatch, now = new Date()) {
  return applyListingEdit(db, { now, face: 'web' }, await reload(db, listingId), patch, {
    source: 'update_my_listing',
    actorId,
  });
}

export async function otherSite(db: Db) {
  const [site] = await db
    .insert(sites)
    .values({ key: `other-${randomBytes(3).toString('hex')}`, name: 'Other Directory', tagline: 'Elsewhere' })
    .returning();
  return site;
}
