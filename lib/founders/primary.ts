// The founder whose profile a listing's rules read (story rules, the free launch's profile gate):
// the primary founder (the first when none is marked), else the owner's own profile.
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { founderProfiles, listingFounders } from '@/db/schema';

export async function primaryFounderProfile(db: DbOrTx, listing: { id: number; ownerId: string | null }) {
  const [linked] = await db
    .select({ profile: founderProfiles })
    .from(listingFounders)
    .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
    .where(eq(listingFounders.listingId, listing.id))
    .orderBy(desc(listingFounders.isPrimary), asc(listingFounders.position))
    .limit(1);
  if (linked) return linked.profile;
  if (!listing.ownerId) return null;
  const [own] = await db.select().from(founderProfiles).where(eq(founderProfiles.userId, listing.ownerId)).limit(1);
  return own ?? null;
}
