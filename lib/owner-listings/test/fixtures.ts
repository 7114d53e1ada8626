// Listings made straight in the database for the own-listings tests: one account's product on the
// seeded sites (main and makers), a co-owned listing through an accepted invite.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { draftInvites, drafts, listings, sites, type ListingStatus } from '@/db/schema';

export async function siteId(db: Db, key: string): Promise<number> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.key, key));
  return site.id;
}

const unique = () => randomBytes(4).toString('hex');

/** A listing of `url` on the site `siteKey`, owned by `ownerId`. */
export async function makeListing(
  db: Db,
  ownerId: string,
  opts: { url?: string; site?: string; status?: ListingStatus; name?: string; createdAt?: Date } = {},
) {
  const name = opts.name ?? 'Tidy Books';
  const [row] = await db
    .insert(listings)
    .values({
      siteId: await siteId(db, opts.site ?? 'main'),
      ownerId,
      slug: `tidy-books-${unique()}`,
      name,
      url: opts.url ?? `https://tidy-${unique()}.example.com`,
      headline: 'Bookkeeping without the shoebox',
      summary: 'Receipts in, reports out.',
      description: 'Tidy Books reads your receipts.',
      status: opts.status ?? 'live',
      companyName: 'Tidy Books Ltd',
      foundedYear: 2020,
      createdAt: opts.createdAt,
    })
    .returning();
  return row;
}

/** `userId` co-owns `listingId` through an accepted invite to its draft. */
export async function coOwn(db: Db, ownerId: string, userId: string, listingId: number) {
  const id = `drf_${unique()}`;
  await db.insert(drafts).values({ id, ownerId, url: 'https://co-owned.example.com', status: 'submitted', listingId });
  await db.insert(draftInvites).values({
    draftId: id,
    email: `co-${unique()}@test.example`,
    tokenHash: unique() + unique(),
    acceptedBy: userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}
