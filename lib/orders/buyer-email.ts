import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';

/** The address the buyer's order mails go to, null when the order has no (longer an) owner with one. */
export async function buyerEmail(db: DbOrTx, ownerId: string | null): Promise<string | null> {
  if (!ownerId) return null;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  return owner?.email ?? null;
}
