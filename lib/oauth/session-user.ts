// The signed-in user of a raw Request (route handlers that also run outside Next, e.g. in tests):
// the Auth.js database-session cookie looked up in the sessions table, as Auth.js itself does.
import type { Db } from '@/db/client';
import { sessionTokenOf } from '@/lib/auth/header-account';
import { sessionUserOf } from '@/lib/auth/session-account';
import { publicBaseUrl } from '@/lib/site/site';

export type SessionUser = { id: string; email: string | null; name: string | null };

export function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

/**
 * On an https site only the `__Secure-` cookie counts (sessionTokenOf): a plain one planted over http
 * would sign the victim into the attacker's account on the consent page.
 */
export async function userFromRequest(db: Db, request: Request, now = new Date()): Promise<SessionUser | null> {
  const https = publicBaseUrl(request.url).startsWith('https:');
  const token = sessionTokenOf((name) => cookieValue(request, name) ?? undefined, https);
  if (!token) return null;
  const user = await sessionUserOf(db, token, now);
  return user && { id: user.id, email: user.email, name: user.name };
}

/** Same shape as lib/auth/session.ts signInPath: the sign-in page comes back to `path` afterwards. */
export const signInUrl = (path: string) => `/signin?callbackUrl=${encodeURIComponent(path)}`;
