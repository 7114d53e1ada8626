// The user of an Auth.js database session, looked up from its token as Auth.js itself does: for code
// that reads a session cookie outside Auth.js (the page cache's header, the OAuth consent page).
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions, users } from '@/db/schema';
import type { HeaderAccount } from './header-account';

export type SessionUser = {
  id: string;
  email: string | null;
  name: string | null;
  image: string | null;
  admin: boolean;
};

/** The user of a live session, or null when the token is no live session. */
export async function sessionUserOf(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, image: users.image, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sessionToken, token), gt(sessions.expires, now)))
    .limit(1);
  return row ? { id: row.id, email: row.email, name: row.name, image: row.image, admin: row.role === 'admin' } : null;
}

/** The header's account for a session token, or null when it is no live session. */
export async function headerAccountOfSession(db: Db, token: string, now = new Date()): Promise<HeaderAccount | null> {
  const user = await sessionUserOf(db, token, now);
  return user && { name: user.name, email: user.email, image: user.image, admin: user.admin };
}
