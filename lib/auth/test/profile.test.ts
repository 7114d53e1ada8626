import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { updateDisplayName } from '@/lib/auth/profile';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase({ seed: false });

describe('display name', () => {
  it('saves a trimmed name and clears it with an empty string', async () => {
    const { user } = await createAccount(db, { name: 'Old' });
    expect(await updateDisplayName(db, user.id, '  Ada Lovelace ')).toBe('Ada Lovelace');
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0].name).toBe('Ada Lovelace');
    expect(await updateDisplayName(db, user.id, '   ')).toBeNull();
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0].name).toBeNull();
  });

  it('refuses names that are too long or contain markup', async () => {
    const { user } = await createAccount(db, { name: 'Kept' });
    await expect(updateDisplayName(db, user.id, 'x'.repeat(81))).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(updateDisplayName(db, user.id, '<script>')).rejects.toMatchObject({ code: 'validation_failed' });
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0].name).toBe('Kept');
  });
});
