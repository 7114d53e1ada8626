// The site team's rule in the domain too: every admin write checks the acting account's role in the
// database, so a page or action that forgot its guard still cannot act (docs/decisions.md#site-team).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { notFound } from '@/lib/errors/app-error';

/** Throws not_found unless `userId` is an account with the admin role (not even "forbidden": see requireAdmin). */
export async function assertAdmin(db: DbOrTx, userId: string): Promise<void> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (row?.role !== 'admin') throw notFound('Page');
}

/** `text` for a LIKE pattern, with %, _ and \ taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
