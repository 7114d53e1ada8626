// The address the site team's mails to a listing's owner go to (none when the account is gone).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';

export async function ownerEmail(tx: DbOrTx, ownerId: string | null): Promise<string | null> {
  if (!ownerId) return null;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  return owner?.email ?? null;
}
