// `npm run admin:grant -- <email>`: an existing member becomes an admin; an unknown address gets an
// admin account waiting for its first sign-in; nonsense is refused.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { grantAdmin } from '@/lib/admin/grant';
import { createAccount } from '@/test/support/accounts';
import { useTestDatabase } from '@/test/support/db';

const { db } = await useTestDatabase();
const roleOf = async (email: string) =>
  (await db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

describe('grantAdmin', () => {
  it('makes an existing member an admin (address matched without case), once', async () => {
    const { user } = await createAccount(db);
    expect(await grantAdmin(db, `  ${user.email!.toUpperCase()} `)).toEqual({
      email: user.email,
      created: false,
      alreadyAdmin: false,
    });
    expect(await roleOf(user.email!)).toBe('admin');
    expect((await grantAdmin(db, user.email!)).alreadyAdmin).toBe(true);
  });

  it('creates an admin account for an address that never signed in', async () => {
    expect(await grantAdmin(db, 'New.Person@Example.org')).toEqual({
      email: 'new.person@example.org',
      created: true,
      alreadyAdmin: false,
    });
    expect(await roleOf('new.person@example.org')).toBe('admin');
  });

  it('refuses something that is not an address', async () => {
    for (const bad of ['', 'nobody', 'a@b', 'two words@example.com'])
      await expect(grantAdmin(db, bad)).rejects.toThrow(/Not an email address/);
  });
});
