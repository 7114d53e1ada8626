'use server';
// Server actions for signing in and out (used by /signin, the account menu and /signout).
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { clientIp } from '@/lib/client-ip';
import { EMAIL_PROVIDER_ID, oauthProviders, signIn, signOut } from '@/lib/auth/auth';
import { safeCallbackPath } from '@/lib/auth/session';
import { signInMailWait } from '@/lib/auth/sign-in-limit';
import { noteSignInEmail } from './pending-intent';
import type { ActionState } from './state';
import { formRefusal } from './form-check';

export type EmailSignInState = ActionState<{ email: string }>;

const refuse = (message: string, email: string): EmailSignInState => ({
  status: 'error',
  fieldErrors: { email: message },
  values: { email },
});

const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'That address is too long.')
    .pipe(z.email('Enter a valid email address, like you@example.com.')),
  callbackUrl: z.string().optional(),
});

export async function emailSignInAction(_prev: EmailSignInState, formData: FormData): Promise<EmailSignInState> {
  const bad = formRefusal(formData);
  if (bad) return bad;
  const parsed = emailSchema.safeParse({
    email: formData.get('email') ?? '',
    callbackUrl: formData.get('callbackUrl') ?? undefined,
  });
  if (!parsed.success)
    return refuse(
      parsed.error.issues[0]?.message ?? 'Enter a valid email address.',
      String(formData.get('email') ?? ''),
    );
  const { email } = parsed.data;
  const callbackUrl = safeCallbackPath(parsed.data.callbackUrl, '/account');

  // The limits are counted where the mail is sent (sign-in-limit.ts); this only reads them to
  // answer with a helpful message instead of a generic failure.
  const db = await getDb();
  const tooMany = async () => {
    const seconds = await signInMailWait(db, email, clientIp(await headers()));
    if (seconds === 0) return null;
    const wait = Math.ceil(seconds / 60);
    return refuse(`Too many sign-in links requested. Try again in ${wait} minute${wait === 1 ? '' : 's'}.`, email);
  };
  const limited = await tooMany();
  if (limited) return limited;

  await noteSignInEmail(email);
  let next: string;
  try {
    next = await signIn(EMAIL_PROVIDER_ID, { email, redirect: false, redirectTo: callbackUrl });
  } catch (err) {
    console.error('[auth] email sign-in failed:', err);
    return (await tooMany()) ?? refuse('We could not send the sign-in link just now. Please try again.', email);
  }
  if (next.includes('error='))
    return (await tooMany()) ?? refuse('We could not send the sign-in link just now. Please try again.', email);
  redirect(`/signin/check-email?email=${encodeURIComponent(email)}`);
}

export async function oauthSignInAction(formData: FormData): Promise<void> {
  if (formRefusal(formData)) redirect('/signin');
  const provider = String(formData.get('provider') ?? '');
  const callbackUrl = safeCallbackPath(String(formData.get('callbackUrl') ?? ''), '/account');
  if (!oauthProviders().some((p) => p.id === provider)) redirect('/signin?error=Configuration');
  await signIn(provider, { redirectTo: callbackUrl });
}

/** Signs out, then goes to the form's `callbackUrl` when it is a path of this site (else home). */
export async function signOutAction(fd?: FormData): Promise<void> {
  const next = fd?.get('callbackUrl');
  await signOut({ redirectTo: safeCallbackPath(typeof next === 'string' ? next : undefined, '/') });
}
