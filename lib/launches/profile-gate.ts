// The founder-profile gate of a free launch: the listing's primary founder has a name, a role, a bio
// and a photo. Helper C's lib/founders/completeness.ts decides the same for the profile page; when
// both are merged this reads that one function.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { founderProfiles, listingFounders } from '@/db/schema';

export type MissingItem = { field: string; reason: string; url: string };
export type ProfileGate = { complete: boolean; missing: MissingItem[] };

const FIELDS = [
  ['name', 'Add your name.'],
  ['role', 'Add your role, e.g. "Founder & CEO".'],
  ['bio', 'Write a short bio.'],
  ['photo', 'Upload a photo of yourself.'],
] as const;

type ProfileFields = { name: string | null; role: string | null; bio: string | null; photoUrl: string | null };

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** What a profile lacks, each with the place it is fixed (the account's founder profile page). */
export function profileGateOf(profile: ProfileFields | null): ProfileGate {
  const value = (field: (typeof FIELDS)[number][0]) =>
    profile ? (field === 'photo' ? profile.photoUrl : profile[field]) : null;
  const missing = FIELDS.filter(([field]) => !filled(value(field))).map(([field, reason]) => ({
    field,
    reason,
    url: `/account/profile#${field}`,
  }));
  return { complete: missing.length === 0, missing };
}

/** The primary founder's profile (or, when the listing names none, the owner's own profile). */
export async function primaryFounderProfile(
  db: DbOrTx,
  listing: { id: number; ownerId: string | null },
): Promise<ProfileFields | null> {
  const columns = {
    name: founderProfiles.name,
    role: founderProfiles.role,
    bio: founderProfiles.bio,
    photoUrl: founderProfiles.photoUrl,
  };
  const [primary] = await db
    .select(columns)
    .from(listingFounders)
    .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
    .where(and(eq(listingFounders.listingId, listing.id), eq(listingFounders.isPrimary, true)))
    .limit(1);
  if (primary) return primary;
  if (!listing.ownerId) return null;
  const [own] = await db.select(columns).from(founderProfiles).where(eq(founderProfiles.userId, listing.ownerId));
  return own ?? null;
}

export async function founderProfileGate(
  db: DbOrTx,
  listing: { id: number; ownerId: string | null },
): Promise<ProfileGate> {
  return profileGateOf(await primaryFounderProfile(db, listing));
}
