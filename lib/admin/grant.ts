// Making an account part of the site team outside the demo seed: `npm run admin:grant -- <email>`
// (scripts/grant-admin.ts). The account is created when the address has never signed in, so the person
// is an admin from their first sign-in with that address.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';

export type GrantResult = { email: string; created: boolean; alreadyAdmin: boolean };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Gives the account with this email the admin role (creating the account if there is none). */
export async function grantAdmin(db: DbOrTx, rawEmail: string): Promise<GrantResult> {
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new Error(`Not an email address: ${JSON.stringify(rawEmail)}`);
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (existing) {
    if (existing.role !== 'admin') await db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
    return { email, created: false, alreadyAdmin: existing.role === 'admin' };
  }
  await db.insert(users).values({ email, role: 'admin' });
  return { email, created: true, alreadyAdmin: false };
}
