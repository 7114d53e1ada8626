// The founder profile form's one save: fields, and a photo when one is sent, in one transaction;
// the photo is checked and re-encoded first, so a refused photo saves nothing.
import type { Db } from '@/db/client';
import { AppError } from '@/lib/errors/app-error';
import { preparePhoto, storeOwnPhoto } from './photo';
import { expireFounderPages, founderProfileInput, saveOwnProfile, type FounderProfileRow } from './profile';

export type ProfileEdit = {
  /** name, role, bio, socials (see founderProfileInput). */
  fields: unknown;
  /** The uploaded file's bytes, when a photo was chosen. */
  photo?: Uint8Array | null;
};

export async function editOwnProfile(
  db: Db,
  userId: string,
  edit: ProfileEdit,
  opts: { now: Date; baseUrl: string },
): Promise<FounderProfileRow> {
  const parsed = founderProfileInput.safeParse(edit.fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('validation_failed', 'Some fields need a change.', { errors });
  }
  const photo = edit.photo?.length ? await preparePhoto(db, userId, edit.photo, opts.now) : null;
  const saved = await db.transaction(async (tx) => {
    const profile = await saveOwnProfile(tx, userId, parsed.data, opts.now);
    return photo ? storeOwnPhoto(tx, userId, photo, opts) : profile;
  });
  await expireFounderPages(db, saved);
  return saved;
}
