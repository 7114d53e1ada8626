// Shared by the founder story and founder profile tests: a listing owned by an account, a founder
// profile in a given state, and n words of text.
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { founderProfiles, listingFounders, listings, sites, LISTING_STATUS, type ListingStatus } from '@/db/schema';

let seq = 0;

/** A listing owned by `ownerId` (live unless told otherwise). */
export async function ownListing(db: Db, ownerId: string, status: ListingStatus = LISTING_STATUS.live) {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const n = `${Date.now().toString(36)}-${++seq}`;
  const [row] = await db
    .insert(listings)
    .values({
      siteId: site.id,
      ownerId,
      slug: `story-test-${n}`,
      name: `Story Test ${n}`,
      headline: 'A product with a story',
      url: `https://story-${n}.example.com`,
      status,
    })
    .returning();
  return row;
}

/** The account's founder profile, linked to the listing (as its primary founder unless `primary: false`). */
export async function founderOf(
  db: Db,
  userId: string,
  listingId: number,
  fields: {
    name?: string;
    role?: string | null;
    bio?: string | null;
    photoUrl?: string | null;
    primary?: boolean;
  } = {},
) {
  const [existing] = await db.select().from(founderProfiles).where(eq(founderProfiles.userId, userId));
  const values = {
    name: fields.name ?? 'Ada Founder',
    role: fields.role === undefined ? 'Founder' : fields.role,
    bio: fields.bio === undefined ? 'Builds things.' : fields.bio,
    photoUrl: fields.photoUrl === undefined ? 'https://example.com/ada.webp' : fields.photoUrl,
  };
  const profile = existing
    ? (await db.update(founderProfiles).set(values).where(eq(founderProfiles.id, existing.id)).returning())[0]
    : (
        await db
          .insert(founderProfiles)
          .values({ ...values, userId, slug: `ada-${Date.now().toString(36)}-${++seq}` })
          .returning()
      )[0];
  await db
    .insert(listingFounders)
    .values({
      listingId,
      founderId: profile.id,
      isPrimary: fields.primary ?? true,
      position: fields.primary === false ? 1 : 0,
    })
    .onConflictDoNothing();
  return profile;
}

/** `n` distinct words. */
export const words = (n: number, prefix = 'word') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
