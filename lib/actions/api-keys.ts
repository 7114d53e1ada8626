'use server';
// API key actions of the account area: create (the key is returned once), revoke.
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { rowIdText } from '@/lib/input/ids';
import { getDb } from '@/db/client';
import { createApiKey, listApiKeys, revokeApiKey } from '@/lib/auth/api-keys';
import { SCOPES, type Scope } from '@/lib/auth/principal';
import { requireUser } from '@/lib/auth/session';
import { AppError } from '@/lib/errors/app-error';
import type { ActionState } from './state';
import { formRefusal } from './form-check';
import { plainMessage } from '@/lib/errors/zod-messages';

const PAGE = '/account/api-keys';
const MAX_ACTIVE_KEYS = 25;

/** fieldErrors: name, scopes; data: the new key, shown once. */
export type CreateKeyState = ActionState<
  { name: string; scopes: string[] },
  { key: string; name: string; scopes: Scope[] }
>;

const createSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name, e.g. "CI deploys".')
    .max(100, 'Keep the name under 100 characters.'),
  scopes: z.array(z.enum(SCOPES, 'Unknown scope.')).min(1, 'Choose at least one scope.'),
});

export async function createApiKeyAction(_prev: CreateKeyState, formData: FormData): Promise<CreateKeyState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const user = await requireUser(PAGE);
  const values = { name: String(formData.get('name') ?? ''), scopes: formData.getAll('scopes').map(String) };
  const parsed = createSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'scopes' ? 'scopes' : 'name';
      fieldErrors[field] ??= plainMessage(issue);
    }
    return { status: 'error', fieldErrors, values };
  }
  try {
    const db = await getDb();
    const active = (await listApiKeys(db, user.id)).filter((k) => !k.revokedAt).length;
    if (active >= MAX_ACTIVE_KEYS)
      return {
        status: 'error',
        message: `You have ${active} active keys, the most allowed. Revoke one you no longer use first.`,
        values,
      };
    const { key, summary } = await createApiKey(db, user.id, parsed.data);
    revalidatePath(PAGE);
    return { status: 'ok', data: { key, name: summary.name, scopes: summary.scopes } };
  } catch (err) {
    if (err instanceof AppError) return { status: 'error', message: err.message, values };
    console.error('[api-keys] create failed:', err);
    return { status: 'error', message: 'The key could not be created just now. Please try again.', values };
  }
}

export type RevokeKeyState = ActionState;

export async function revokeApiKeyAction(_prev: RevokeKeyState, formData: FormData): Promise<RevokeKeyState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const user = await requireUser(PAGE);
  const id = rowIdText().safeParse(formData.get('id'));
  if (!id.success) return { status: 'error', message: 'That key was not found.' };
  try {
    await revokeApiKey(await getDb(), user.id, id.data);
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'not_found')) {
      console.error('[api-keys] revoke failed:', err);
      return { status: 'error', message: 'The key could not be revoked just now. Please try again.' };
    }
    // Already revoked (or not this account's): nothing to do; the refreshed list shows the truth.
  }
  revalidatePath(PAGE);
  return { status: 'ok' };
}
