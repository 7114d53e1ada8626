// Sets the one-minute cookie that a page reads to show what was just done at its top (FlashNotice).
import { cookies } from 'next/headers';
import { siteIsHttps } from '@/lib/site/security-headers';

export async function flashNotice(cookieName: string, path: string, message: string) {
  (await cookies()).set(cookieName, message, { path, maxAge: 60, sameSite: 'lax', secure: siteIsHttps() });
}
