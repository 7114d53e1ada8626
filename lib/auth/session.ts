// Who is signed in, for server components and server actions. Other areas rely on these names.
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { publicBaseUrl } from '@/lib/site/site';
import { auth } from './auth';
import { SESSION_COOKIES } from './header-account';

export type CurrentUser = {
  id: string;
  email: string | null;
  name: string | null;
  role: 'member' | 'admin';
  image: string | null;
};

/** The signed-in user, or null. Cached per request; no database work when there is no session cookie. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const jar = await cookies();
  if (!SESSION_COOKIES.some((name) => jar.has(name))) return null;
  const session = await auth();
  const u = session?.user as (Partial<CurrentUser> & { id?: string }) | undefined;
  if (!u?.id) return null;
  return {
    id: u.id,
    email: u.email ?? null,
    name: u.name ?? null,
    role: u.role === 'admin' ? 'admin' : 'member',
    image: u.image ?? null,
  };
});

/**
 * Only same-site paths may be used as a place to come back to. Resolved the way a browser would
 * (tabs and newlines dropped, backslashes as slashes) against APP_URL, and kept only when the origin
 * stays the site's: `/\t/evil.example` is `//evil.example` to a browser.
 */
export function safeCallbackPath(path: string | null | undefined, fallback = '/account'): string {
  if (!path || !path.startsWith('/')) return fallback;
  const site = new URL(publicBaseUrl());
  let url: URL;
  try {
    url = new URL(path, site);
  } catch {
    return fallback;
  }
  if (url.origin !== site.origin) return fallback;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  // Resolving drops dot segments: `/.//evil.example` is `//evil.example`, another site to a browser.
  return new URL(resolved, site).origin === site.origin ? resolved : fallback;
}

/** The sign-in page, coming back to `callbackPath`; `email` fills in the address (an invite names it). */
export function signInPath(callbackPath?: string, email?: string): string {
  const params = new URLSearchParams({ callbackUrl: safeCallbackPath(callbackPath) });
  if (email) params.set('email', email);
  return `/signin?${params}`;
}

/** The signed-in user; otherwise redirects to /signin and comes back to `callbackPath` afterwards. */
export async function requireUser(callbackPath = '/account'): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(signInPath(callbackPath));
  return user;
}
