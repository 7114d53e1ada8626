// Founder photos (docs/decisions.md#founder-photos): JPEG, PNG or WebP up to 5 MB, the type read
// from the bytes (never the file name or the declared type), decoded and re-encoded by sharp as a
// WebP of at most 512×512 with no metadata, kept in the database, served by
// app/(site)/founders/[slug]/photo/route.ts. No uploaded byte is ever served as sent.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '@/db/client';
import { founderPhotos, founderProfiles, listingFounders, listings, LISTING_STATUS } from '@/db/schema';
import { AppError, fieldError } from '@/lib/errors/app-error';
import { enforceRateLimit } from '@/lib/rate-limit/limiter';
import { ensureOwnProfile, type FounderProfileRow } from './profile';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** The longest side of the stored photo. */
export const PHOTO_SIZE = 512;
const MIN_SIDE = 64;
/** Decoding costs CPU: uploads per account per hour. */
export const PHOTO_UPLOAD_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 };
/** A decompression bomb is refused before it is decoded (a 5 MB PNG can claim billions of pixels). */
const MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_CONTENT_TYPE = 'image/webp';

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type by its magic number, or null when the bytes are none of the three. */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<PhotoType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

export type PreparedPhoto = { data: Buffer; contentType: string; width: number; height: number; hash: string };

/**
 * Checks an upload and re-encodes it; refuses with a 422 naming `photo`. Counts against the
 * account's hourly upload limit (429) before decoding anything.
 */
export async function preparePhoto(db: DbOrTx, userId: string, bytes: Uint8Array, now: Date): Promise<PreparedPhoto> {
  if (bytes.length === 0) throw fieldError('photo', 'Choose a photo to upload.');
  if (bytes.length > MAX_PHOTO_BYTES)
    throw fieldError('photo', `The photo is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is 5 MB.`);
  const type = sniffImageType(bytes);
  if (!type)
    throw fieldError('photo', 'This file is not a JPEG, PNG or WebP image (its content was checked, not its name).');
  await enforceRateLimit(db, `founder-photo:${userId}`, PHOTO_UPLOAD_LIMIT, now, 'photo uploads');
  const unreadable = () => fieldError('photo', 'This image could not be read. Try another JPEG, PNG or WebP file.');
  try {
    // The header alone (no pixel is decoded here), so a too-large image gets its own answer.
    const meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw unreadable();
    if (meta.width && meta.height && meta.width * meta.height > MAX_INPUT_PIXELS)
      throw fieldError('photo', `The image is ${meta.width}×${meta.height} pixels; use one under 40 megapixels.`);
    if (!meta.width || !meta.height || meta.width < MIN_SIDE || meta.height < MIN_SIDE)
      throw fieldError('photo', `The photo is too small; use one at least ${MIN_SIDE}×${MIN_SIDE} pixels.`);
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: PHOTO_CONTENT_TYPE,
      width: info.width,
      height: info.height,
      hash: createHash('sha256').update(data).digest('hex'),
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable();
  }
}

/** The photo's address: the founder's photo route, with the content hash as the cache buster. */
export const photoUrl = (baseUrl: string, slug: string, hash: string) =>
  `${baseUrl}/founders/${encodeURIComponent(slug)}/photo?v=${hash.slice(0, 16)}`;

/** Stores a prepared photo on the account's own profile (created if missing) and points photo_url at it; the caller expires the pages. */
export async function storeOwnPhoto(
  db: DbOrTx,
  userId: string,
  photo: PreparedPhoto,
  opts: { now: Date; baseUrl: string },
): Promise<FounderProfileRow> {
  const profile = await ensureOwnProfile(db, userId);
  const row = {
    data: photo.data,
    contentType: photo.contentType,
    width: photo.width,
    height: photo.height,
    hash: photo.hash,
    updatedAt: opts.now,
  };
  await db
    .insert(founderPhotos)
    .values({ founderId: profile.id, ...row })
    .onConflictDoUpdate({ target: founderPhotos.founderId, set: row });
  const [saved] = await db
    .update(founderProfiles)
    .set({ photoUrl: photoUrl(opts.baseUrl, profile.slug, photo.hash), updatedAt: opts.now })
    .where(eq(founderProfiles.id, profile.id))
    .returning();
  return saved;
}

export type StoredPhoto = {
  data: Buffer;
  contentType: string;
  hash: string;
  /** The founder's account (who may see the photo before it is public). */
  userId: string | null;
  /** Public once the founder is behind a live listing (as their founder page is). */
  isPublic: boolean;
};

/** The stored photo of the founder with this slug, or null. */
export async function readFounderPhoto(db: DbOrTx, slug: string): Promise<StoredPhoto | null> {
  const [row] = await db
    .select({
      data: founderPhotos.data,
      contentType: founderPhotos.contentType,
      hash: founderPhotos.hash,
      userId: founderProfiles.userId,
      isPublic: sql<boolean>`exists (${db
        .select({ one: listingFounders.listingId })
        .from(listingFounders)
        .innerJoin(listings, eq(listings.id, listingFounders.listingId))
        .where(and(eq(listingFounders.founderId, founderProfiles.id), eq(listings.status, LISTING_STATUS.live)))})`,
    })
    .from(founderProfiles)
    .innerJoin(founderPhotos, eq(founderPhotos.founderId, founderProfiles.id))
    .where(eq(founderProfiles.slug, slug))
    .limit(1);
  return row ?? null;
}
