// The user of an Auth.js database session, looked up from its token as Auth.js itself does: for code
// that reads a session cookie outside Auth.js (the page cache's header, the OAuth consent page).
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { sessions, users } from '@/db/schema';

/** How long a session lasts unused (Auth.js's `maxAge`). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** How often a session in use is extended by another SESSION_MAX_AGE_SECONDS (Auth.js's `updateAge`). */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

export type SessionUser = {
  id: string;
  email: string | null;
  name: string | null;
  image: string | null;
  admin: boolean;
};

async function liveSession(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      role: users.role,
      expires: sessions.expires,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sessionToken, token), gt(sessions.expires, now)))
    .limit(1);
  if (!row) return null;
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    admin: row.role === 'admin',
  };
  return { user, expires: row.expires };
}

/** The user of a live session, or null when the token is no live session. */
export async function sessionUserOf(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  return (await liveSession(db, token, now))?.user ?? null;
}

/**
 * The user of a live session, extending the session as Auth.js does when it reads one: when it was last
 * extended more than SESSION_UPDATE_AGE_SECONDS ago, it now expires SESSION_MAX_AGE_SECONDS from now.
 * `renewedUntil` is that new expiry (for the cookie), null when the session was not due.
 */
export async function renewedSessionOf(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
  const session = await liveSession(db, token, now);
  if (!session) return null;
  const dueBefore = new Date(now.getTime() + (SESSION_MAX_AGE_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000);
  if (session.expires > dueBefore) return { user: session.user, renewedUntil: null };
  const renewedUntil = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  // Of two requests renewing it at once, one writes (and sets the cookie).
  const written = await db
    .update(sessions)
    .set({ expires: renewedUntil })
    .where(and(eq(sessions.sessionToken, token), lte(sessions.expires, dueBefore)))
    .returning({ token: sessions.sessionToken });
  return { user: session.user, renewedUntil: written.length ? renewedUntil : null };
}
