'use server';
// Account dashboard actions.
import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { updateDisplayName } from '@/lib/auth/profile';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';

export type ProfileState = { error?: string; saved?: boolean; name?: string };

export async function updateProfileAction(_prev: ProfileState, formData: FormData): Promise<ProfileState> {
  const user = await requireUser('/account');
  const name = String(formData.get('name') ?? '');
  try {
    const saved = await updateDisplayName(await getDb(), user.id, name);
    revalidatePath('/', 'layout');
    return { saved: true, name: saved ?? '' };
  } catch (err) {
    if (err instanceof AppError) return { error: err.message, name };
    console.error('[account] profile update failed:', err);
    return { error: 'Your name could not be saved just now. Please try again.', name };
  }
}
