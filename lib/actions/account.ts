'use server';
// Account dashboard actions.
import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { updateDisplayName } from '@/lib/auth/profile';
import { getCurrentUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { signedOutState, type ActionState } from './state';
import { formRefusal } from './form-check';

export type ProfileState = ActionState<{ name: string }>;

export async function updateProfileAction(_prev: ProfileState, formData: FormData): Promise<ProfileState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const name = String(formData.get('name') ?? '');
  const user = await getCurrentUser();
  if (!user) return signedOutState({ name });
  try {
    const saved = await updateDisplayName(await getDb(), user.id, name);
    revalidatePath('/', 'layout');
    return { status: 'ok', message: 'Saved.', values: { name: saved ?? '' } };
  } catch (err) {
    if (err instanceof AppError) return { status: 'error', fieldErrors: { name: err.message }, values: { name } };
    console.error('[account] profile update failed:', err);
    return {
      status: 'error',
      fieldErrors: { name: 'Your name could not be saved just now. Please try again.' },
      values: { name },
    };
  }
}
