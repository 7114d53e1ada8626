'use server';
// Server actions for signing in and out (used by /signin, the account menu and /signout).
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { clientIp as requestIp } from '@/lib/http/request';
import { hitRateLimit } from '@/lib/rate-limit/limiter';
import { EMAIL_PROVIDER_ID, oauthProviders, signIn, signOut } from '@/lib/auth/auth';
import { safeCallbackPath } from '@/lib/auth/session';
import type { ActionState } from './state';
import { formRefusal } from './form-check';

export type EmailSignInState = ActionState<{ email: string }>;

const refuse = (message: string, email: string): EmailSignInState => ({ status: 'error', fieldErrors: { email: message }, values: { email } });

const emailSchema = z.object({
  email: z.string().trim().toLowerCase().max(254, 'That address is too long.').pipe(z.email('Enter a valid email address, like you@example.com.')),
  callbackUrl: z.string().optional(),
});

const EMAIL_RULE = { limit: 5, windowMs: 15 * 60_000 };
const IP_RULE = { limit: 30, windowMs: 15 * 60_000 };

async function clientIp(): Promise<string> {
  const h = await headers();
  return requestIp(h) ?? 'unknown';
}

export async function emailSignInAction(_prev: EmailSignInState, formData: FormData): Promise<EmailSignInState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const parsed = emailSchema.safeParse({ email: formData.get('email') ?? '', callbackUrl: formData.get('callbackUrl') ?? undefined });
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Enter a valid email address.', String(formData.get('email') ?? ''));
  const { email } = parsed.data;
  const callbackUrl = safeCallbackPath(parsed.data.callbackUrl, '/account');

  const db = await getDb();
  const [perEmail, perIp] = await Promise.all([
    hitRateLimit(db, `signin:email:${email}`, EMAIL_RULE),
    hitRateLimit(db, `signin:ip:${await clientIp()}`, IP_RULE),
  ]);
  if (!perEmail.ok || !perIp.ok) {
    const wait = Math.ceil(Math.max(perEmail.retryAfterSeconds, perIp.retryAfterSeconds) / 60);
    return refuse(`Too many sign-in links requested. Try again in ${wait} minute${wait === 1 ? '' : 's'}.`, email);
  }

  let next: string;
  try {
    next = await signIn(EMAIL_PROVIDER_ID, { email, redirect: false, redirectTo: callbackUrl });
  } catch (err) {
    console.error('[auth] email sign-in failed:', err);
    return refuse('We could not send the sign-in link just now. Please try again.', email);
  }
  if (next.includes('error=')) return refuse('We could not send the sign-in link just now. Please try again.', email);
  redirect(`/signin/check-email?email=${encodeURIComponent(email)}`);
}

export async function oauthSignInAction(formData: FormData): Promise<void> {
  if (formRefusal(formData)) redirect('/signin');
  const provider = String(formData.get('provider') ?? '');
  const callbackUrl = safeCallbackPath(String(formData.get('callbackUrl') ?? ''), '/account');
  if (!oauthProviders().some((p) => p.id === provider)) redirect('/signin?error=Configuration');
  await signIn(provider, { redirectTo: callbackUrl });
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/' });
}
