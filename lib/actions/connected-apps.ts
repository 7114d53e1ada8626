'use server';
// Disconnecting an MCP/OAuth app ends its grant and every token it holds.
import { revalidatePath } from 'next/cache';
import { rowIdText } from '@/lib/input/ids';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import { revokeConnectedApp } from '@/lib/oauth/grants';
import type { ActionState } from './state';
import { formRefusal } from './form-check';

const PAGE = '/account/connected-apps';

export type DisconnectState = ActionState;

export async function disconnectAppAction(_prev: DisconnectState, formData: FormData): Promise<DisconnectState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const user = await requireUser(PAGE);
  const id = rowIdText().safeParse(formData.get('id'));
  if (!id.success) return { status: 'error', message: 'That app was not found.' };
  try {
    await revokeConnectedApp(await getDb(), user.id, id.data);
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'not_found')) {
      console.error('[connected-apps] disconnect failed:', err);
      return { status: 'error', message: 'The app could not be disconnected just now. Please try again.' };
    }
  }
  revalidatePath(PAGE);
  return { status: 'ok' };
}
