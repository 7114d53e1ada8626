'use server';
// A co-founder accepts an invite by adding their own founder profile (lib/drafts/invites.ts).
import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { acceptInvite } from '@/lib/drafts/invites';
import { founderInput } from '@/lib/drafts/patch-schema';
import { socialRecord, type SocialRow } from '@/lib/drafts/form-values';
import type { ActionState } from './state';
import { formRefusal } from './form-check';
import { plainMessage } from '@/lib/errors/zod-messages';

/** `replaces`: the drafted founder the invitee says they are ('' none; absent when the form offers none). */
export type ProfileValues = {
  name: string;
  role: string;
  bio: string;
  photo_url: string;
  socials: SocialRow[];
  replaces?: string;
};
export type AcceptState = ActionState<ProfileValues>;

export async function acceptInviteAction(prev: AcceptState, fd: FormData): Promise<AcceptState> {
  const bad = formRefusal(fd);
  if (bad) return bad;
  const token = String(fd.get('token') ?? '').slice(0, 200);
  const user = await requireUser(`/invites/${encodeURIComponent(token)}`);
  const text = (k: string) => String(fd.get(k) ?? '').trim();
  const socials: SocialRow[] = [];
  for (let i = 0; fd.has(`socials.${i}.platform`); i++) {
    const url = text(`socials.${i}.url`);
    if (url) socials.push({ platform: text(`socials.${i}.platform`), url });
  }
  // The form always says which drafted founder this is ('' none of them); that founder's name is the
  // invitee's when they leave theirs empty.
  const replaces = fd.has('replaces') ? text('replaces').slice(0, 200) : undefined;
  const values: ProfileValues = {
    name: text('name') || replaces || '',
    ...(replaces !== undefined ? { replaces } : {}),
    role: text('role'),
    bio: text('bio'),
    photo_url: text('photo_url'),
    socials,
  };
  const nonce = (prev.nonce ?? 0) + 1;
  const parsed = founderInput.safeParse({
    name: values.name,
    role: values.role || null,
    bio: values.bio || null,
    photo_url: values.photo_url || null,
    socials: socialRecord(socials),
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      errors[issue.path.join('.')] ??=
        issue.path[0] === 'name' && !values.name ? 'Enter your name.' : plainMessage(issue);
    return { status: 'error', nonce, fieldErrors: errors, values, message: 'Please fix the highlighted fields.' };
  }
  try {
    const p = parsed.data;
    await acceptInvite(await getDb(), {
      token,
      userId: user.id,
      replaces,
      profile: {
        name: p.name,
        role: p.role ?? null,
        bio: p.bio ?? null,
        photo_url: p.photo_url ?? null,
        socials: socialRecord(socials),
      },
    });
  } catch (err) {
    if (err instanceof AppError)
      return {
        status: 'error',
        nonce,
        values,
        message: err.message,
        fieldErrors: Object.fromEntries((err.errors ?? []).map((e) => [e.path, e.message])),
      };
    console.error('[invites] accept failed:', err);
    return { status: 'error', nonce, values, message: 'Your profile could not be saved just now. Please try again.' };
  }
  revalidatePath(`/invites/${token}`);
  // No values: the form shows the profile as saved, with what the drafter found filled in where the
  // form was left empty (it showed the empty photo and links as typed).
  return { status: 'ok', nonce };
}
