// Founder profile and photo: the form's save (fields and photo in one go), the type sniffed from the
// bytes, the size limit, re-encoding with sharp, the served bytes and headers, the upload limit.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { founderPhotos, founderProfiles, listingFounders } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { ownListing } from '@/lib/founder-story/test/helpers';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';
import { editOwnProfile, profileEditFromForm } from '../edit';
import { MAX_PHOTO_BYTES, sniffImageType } from '../photo';
import { founderPhotoResponse } from '../photo-response';

const { db } = await useTestDatabase();
const base = 'https://directory.example';
const opts = () => ({ now: new Date(), baseUrl: base });

/** A real image of the given format, with EXIF metadata to be stripped. */
async function image(format: 'png' | 'jpeg' | 'webp', width = 900, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Copyright: 'secret-location-data', Artist: 'Uploader' } })
    [format]()
    .toBuffer();
}

function form(values: Record<string, string>, photo?: File) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  if (photo) fd.set('photo', photo);
  return fd;
}

/** As the form posts them, and as editOwnProfile takes them. */
const formFields = { name: 'Ada Lovelace', role: 'Founder', bio: 'Writes programs.', 'socials.x': 'https://x.com/ada' };
const fields = { name: 'Ada Lovelace', role: 'Founder', bio: 'Writes programs.', socials: { x: 'https://x.com/ada' } };

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('sniffImageType', () => {
  it('reads the magic number, not the name', async () => {
    expect(sniffImageType(await image('png'))).toBe('image/png');
    expect(sniffImageType(await image('jpeg'))).toBe('image/jpeg');
    expect(sniffImageType(await image('webp'))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('the founder profile form', () => {
  it('creates the profile on first save with a unique slug; only https links', async () => {
    const a = await createAccount(db);
    const b = await createAccount(db);
    const pa = await editOwnProfile(db, a.user.id, await profileEditFromForm(form(formFields)), opts());
    const pb = await editOwnProfile(db, b.user.id, await profileEditFromForm(form(formFields)), opts());
    expect(pa.slug).toBe('ada-lovelace');
    expect(pb.slug).toBe('ada-lovelace-2');
    expect(pa).toMatchObject({ name: 'Ada Lovelace', role: 'Founder', socials: { x: 'https://x.com/ada' } });
    const again = await editOwnProfile(
      db,
      a.user.id,
      await profileEditFromForm(form({ ...formFields, role: '', 'socials.x': '' })),
      opts(),
    );
    expect(again).toMatchObject({ id: pa.id, slug: 'ada-lovelace', role: null, socials: {} });
    const bad = await refusal(
      profileEditFromForm(form({ ...formFields, name: ' ', 'socials.github': 'javascript:alert(1)' })).then((e) =>
        editOwnProfile(db, a.user.id, e, opts()),
      ),
    );
    expect(bad.errors?.map((e) => e.path).sort()).toEqual(['name', 'socials.github']);
    const long = await refusal(editOwnProfile(db, a.user.id, { fields: { ...fields, bio: 'x'.repeat(2001) } }, opts()));
    expect(long.errors?.[0].path).toBe('bio');
  });

  it('refuses a text file named .png (declared image/png) and saves nothing', async () => {
    const account = await createAccount(db);
    const fake = new File(['this is not an image, whatever its name says'], 'me.png', { type: 'image/png' });
    const err = await refusal(
      profileEditFromForm(form(formFields, fake)).then((e) => editOwnProfile(db, account.user.id, e, opts())),
    );
    expect(err.status).toBe(422);
    expect(err.errors?.[0]).toMatchObject({ path: 'photo' });
    expect(err.message + err.errors?.[0].message).toMatch(/not a JPEG, PNG or WebP/);
    expect(await db.select().from(founderProfiles).where(eq(founderProfiles.userId, account.user.id))).toEqual([]);
  });

  it('refuses a 6 MB file with a clear message', async () => {
    const account = await createAccount(db);
    const png = await image('png');
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(png); // a PNG header, padded to 6 MB
    expect(big.length).toBeGreaterThan(MAX_PHOTO_BYTES);
    const err = await refusal(
      profileEditFromForm(form(formFields, new File([big], 'big.png', { type: 'image/png' }))).then((e) =>
        editOwnProfile(db, account.user.id, e, opts()),
      ),
    );
    expect(err.errors?.[0]).toMatchObject({ path: 'photo', message: 'The photo is 6.0 MB; the limit is 5 MB.' });
  });

  it('refuses an image claiming more pixels than we decode, and a tiny one', async () => {
    const account = await createAccount(db);
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_PHOTO_BYTES);
    const err = await refusal(editOwnProfile(db, account.user.id, { fields, photo: bomb }, opts()));
    expect(err.errors?.[0]).toMatchObject({ path: 'photo', message: expect.stringMatching(/8000×6000 pixels/) });
    const tiny = await refusal(
      editOwnProfile(db, account.user.id, { fields, photo: await image('png', 20, 20) }, opts()),
    );
    expect(tiny.errors?.[0].message).toMatch(/too small/);
  });

  it.each(['png', 'jpeg', 'webp'] as const)('accepts a real %s and stores a re-encoded WebP', async (format) => {
    const account = await createAccount(db);
    const uploaded = await image(format);
    const file = new File([new Uint8Array(uploaded)], `me.${format}`, { type: `image/${format}` });
    const saved = await editOwnProfile(db, account.user.id, await profileEditFromForm(form(formFields, file)), opts());
    const [photo] = await db.select().from(founderPhotos).where(eq(founderPhotos.founderId, saved.id));
    expect(photo).toMatchObject({ contentType: 'image/webp', width: 512, height: 341 });
    expect(saved.photoUrl).toBe(`${base}/founders/${saved.slug}/photo?v=${photo.hash.slice(0, 16)}`);
    expect(Buffer.compare(photo.data, uploaded)).not.toBe(0);
    const meta = await sharp(photo.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });
    expect(meta.exif).toBeUndefined();
    expect(photo.data.includes('secret-location-data')).toBe(false);
  });

  it('serves the stored bytes, not the uploaded ones, with our type, nosniff, an ETag and long caching', async () => {
    const account = await createAccount(db);
    const uploaded = await image('jpeg');
    const saved = await editOwnProfile(db, account.user.id, { fields, photo: uploaded }, opts());
    const listing = await ownListing(db, account.user.id);
    await db.insert(listingFounders).values({ listingId: listing.id, founderId: saved.id, isPrimary: true });
    const anonymous = async () => null;
    const res = await founderPhotoResponse(db, saved.slug, new Request(saved.photoUrl!), anonymous);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 4).toString()).toBe('RIFF');
    expect(Buffer.compare(body, uploaded)).not.toBe(0);
    const etag = res.headers.get('etag')!;
    const again = await founderPhotoResponse(
      db,
      saved.slug,
      new Request(saved.photoUrl!, { headers: { 'if-none-match': etag } }),
      anonymous,
    );
    expect(again.status).toBe(304);
    const stale = await founderPhotoResponse(db, saved.slug, new Request(`${base}/founders/x/photo?v=old`), anonymous);
    expect(stale.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await founderPhotoResponse(db, 'no-such-founder', new Request(base), anonymous)).status).toBe(404);
  });

  it('shows the photo of a founder with no live listing only to that founder', async () => {
    const account = await createAccount(db);
    const saved = await editOwnProfile(db, account.user.id, { fields, photo: await image('png') }, opts());
    const req = new Request(saved.photoUrl!);
    expect((await founderPhotoResponse(db, saved.slug, req, async () => null)).status).toBe(404);
    expect((await founderPhotoResponse(db, saved.slug, req, async () => 'someone-else')).status).toBe(404);
    const own = await founderPhotoResponse(db, saved.slug, req, async () => account.user.id);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('allows 20 uploads an hour per account', async () => {
    const account = await createAccount(db);
    const small = await image('png', 64, 64);
    const now = new Date('2026-03-02T10:00:00Z');
    for (let i = 0; i < 20; i++)
      await editOwnProfile(db, account.user.id, { fields, photo: small }, { now, baseUrl: base });
    const err = await refusal(editOwnProfile(db, account.user.id, { fields, photo: small }, { now, baseUrl: base }));
    expect(err.status).toBe(429);
    const later = new Date('2026-03-02T11:00:01Z');
    await editOwnProfile(db, account.user.id, { fields, photo: small }, { now: later, baseUrl: base });
  });
});
