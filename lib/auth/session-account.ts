// The header's account of a session cookie, for a page rendered for no one (the page cache): the
// token looked up in the sessions table, as Auth.js itself does.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions, users } from '@/db/schema';
import type { HeaderAccount } from './header-account';

/** The header's account for a session token, or null when it is no live session. */
export async function headerAccountOfSession(db: Db, token: string, now = new Date()): Promise<HeaderAccount | null> {
  const [row] = await db
    .select({ name: users.name, email: users.email, image: users.image, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sessionToken, token), gt(sessions.expires, now)))
    .limit(1);
  return row ? { name: row.name, email: row.email, image: row.image, admin: row.role === 'admin' } : null;
}
