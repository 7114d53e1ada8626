// The founder profile form's one save: fields, and a photo when one is sent, in one transaction;
// the photo is checked and re-encoded first, so a refused photo saves nothing.
import type { Db } from '@/db/client';
import { PLATFORMS } from '@/lib/drafts/types';
import { AppError } from '@/lib/errors/app-error';
import { promoteAfterProfileChange } from '@/lib/launches/schedule';
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
  // A free launch waiting only for this profile is scheduled now (lib/launches/schedule.ts).
  await promoteAfterProfileChange(db, userId, opts.now);
  return saved;
}

/**
 * The profile form's fields (name, role, bio, socials.<platform>) and its photo file. Only the
 * file's bytes are kept: its name and declared type are never trusted (the bytes are sniffed).
 */
export async function profileEditFromForm(fd: FormData): Promise<ProfileEdit> {
  const text = (name: string) => {
    const v = fd.get(name);
    return typeof v === 'string' ? v : '';
  };
  const socials = Object.fromEntries(
    PLATFORMS.map((p) => [p, text(`socials.${p}`)]).filter(([, v]) => v.trim() !== ''),
  );
  const file = fd.get('photo');
  const photo = file instanceof Blob && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { fields: { name: text('name'), role: text('role'), bio: text('bio'), socials }, photo };
}
