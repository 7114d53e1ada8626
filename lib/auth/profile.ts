// The account's own profile fields (the display name shown in the header and on activity).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/errors/app-error';

export const displayNameSchema = z
  .string()
  .trim()
  .max(80, 'Keep your name under 80 characters.')
  .refine((s) => !/[\u0000-\u001f<>]/.test(s), 'Use letters, numbers and ordinary punctuation.');

/** Sets (or clears, with an empty string) the display name. */
export async function updateDisplayName(db: Db, userId: string, name: string): Promise<string | null> {
  const parsed = displayNameSchema.safeParse(name);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid name.';
    throw new AppError('validation_failed', message, { errors: [{ path: 'name', message }] });
  }
  const value = parsed.data || null;
  const rows = await db.update(users).set({ name: value }).where(eq(users.id, userId)).returning({ id: users.id });
  if (rows.length === 0) throw new AppError('not_found', 'Account not found.');
  return value;
}
