// The signed-in founder's own profile (founder_profiles row with user_id = the account). Only that
// founder changes it: every function here takes the account id and touches that row alone.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { founderProfiles, listingFounders, listings, users } from '@/db/schema';
import { listingTags, revalidatePublic, tags } from '@/lib/cache/tags';
import { PLATFORMS, type Platform } from '@/lib/drafts/types';
import { slugify } from '@/lib/listings/slug';

export type FounderProfileRow = typeof founderProfiles.$inferSelect;

export const MAX_NAME = 120;
export const MAX_ROLE = 120;
export const MAX_BIO = 2000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((v) => v || null);

const httpsLink = z
  .string()
  .trim()
  .max(2000, 'At most 2000 characters.')
  .refine((v) => v === '' || (v.startsWith('https://') && URL.canParse(v)), 'Must be a link starting with https://.');

/** The editable fields of a founder profile (the photo has its own path: lib/founders/photo.ts). */
export const founderProfileInput = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name.').max(MAX_NAME, `At most ${MAX_NAME} characters.`),
  role: optionalText(MAX_ROLE),
  bio: optionalText(MAX_BIO),
  socials: z
    .strictObject(
      Object.fromEntries(PLATFORMS.map((p) => [p, httpsLink.optional()])) as Record<
        Platform,
        z.ZodOptional<typeof httpsLink>
      >,
    )
    .default({}),
});

export async function getOwnProfile(db: DbOrTx, userId: string): Promise<FounderProfileRow | null> {
  const [row] = await db.select().from(founderProfiles).where(eq(founderProfiles.userId, userId)).limit(1);
  return row ?? null;
}

/** The slug of a name; `slugify` falls back to "product" for a name with no letters or digits. */
function founderSlugRoot(name: string): string {
  const slug = slugify(name);
  return slug === 'product' && !/product/i.test(name) ? 'founder' : slug;
}

/**
 * Creates the account's profile with a slug no other profile has. Two first saves at once (or a
 * slug taken in between) meet the unique indexes: then the account's row is read, or the next slug tried.
 */
async function createOwnProfile(
  db: DbOrTx,
  userId: string,
  values: Omit<typeof founderProfiles.$inferInsert, 'slug' | 'userId'>,
): Promise<FounderProfileRow> {
  const root = founderSlugRoot(values.name);
  for (let i = 1; i < 1000; i++) {
    const slug = i === 1 ? root : `${root}-${i}`;
    const [taken] = await db
      .select({ id: founderProfiles.id })
      .from(founderProfiles)
      .where(eq(founderProfiles.slug, slug));
    if (taken) continue;
    const [created] = await db
      .insert(founderProfiles)
      .values({ ...values, slug, userId })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const own = await getOwnProfile(db, userId);
    if (own) return own;
  }
  throw new Error('no free founder slug');
}

/** The account's profile, created on first use with the account's display name. */
export async function ensureOwnProfile(db: DbOrTx, userId: string): Promise<FounderProfileRow> {
  const own = await getOwnProfile(db, userId);
  if (own) return own;
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return createOwnProfile(db, userId, { name: user?.name?.trim() || 'Founder' });
}

/**
 * Saves name, role, bio and socials (socials replace all) of the account's own profile; creates it
 * on first save. The caller expires the public pages after its transaction (expireFounderPages).
 */
export async function saveOwnProfile(
  db: DbOrTx,
  userId: string,
  v: z.output<typeof founderProfileInput>,
  now: Date,
): Promise<FounderProfileRow> {
  const socials = Object.fromEntries(Object.entries(v.socials).filter(([, url]) => url));
  const fields = { name: v.name, role: v.role, bio: v.bio, socials };
  const own = await getOwnProfile(db, userId);
  const saved = own
    ? (
        await db
          .update(founderProfiles)
          .set({ ...fields, updatedAt: now })
          .where(eq(founderProfiles.id, own.id))
          .returning()
      )[0]
    : await createOwnProfile(db, userId, fields);
  return saved;
}

/** The public pages that show this founder: their page, the interview page, and their listings' pages. */
export async function expireFounderPages(db: DbOrTx, profile: { id: number; slug: string }): Promise<void> {
  const linked = await db
    .select({ id: listings.id, slug: listings.slug })
    .from(listingFounders)
    .innerJoin(listings, eq(listings.id, listingFounders.listingId))
    .where(eq(listingFounders.founderId, profile.id));
  revalidatePublic(tags.founder(profile.slug), tags.interview, ...linked.flatMap((l) => listingTags(l)));
}
