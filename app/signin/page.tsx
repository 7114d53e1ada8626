import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { oauthProviders } from '@/lib/auth/auth';
import { getCurrentUser, safeCallbackPath } from '@/lib/auth/session';
import { INTENT_RESUME_PATH } from '@/lib/actions/pending-intent';
import { devMailboxEnabled } from '@/lib/mail/outbox';
import { AuthCard } from '@/components/auth/auth-card';
import { EmailSignInForm } from '@/components/auth/email-sign-in-form';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { FormError } from '@/components/ui/form-status';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

const errorMessages: Record<string, string> = {
  Verification: 'That sign-in link has expired or was already used. Ask for a new one below.',
  OAuthAccountNotLinked: 'This email is already linked to another way of signing in. Use the email link instead.',
  AccessDenied: 'Sign-in was cancelled or not allowed.',
  Configuration: 'That sign-in method is not available right now. Use the email link instead.',
};

type Props = {
  searchParams: Promise<{ callbackUrl?: string | string[]; error?: string | string[]; email?: string | string[] }>;
};

/** An address to fill the field with (an invite's sign-in link names it); anything else is left out. */
function emailParam(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string' || value.length > 254) return undefined;
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value) ? value : undefined;
}

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(
    typeof params.callbackUrl === 'string' ? params.callbackUrl : undefined,
    '/account',
  );
  if (await getCurrentUser()) redirect(callbackUrl);
  const errorCode = typeof params.error === 'string' ? params.error : undefined;
  const error = errorCode
    ? (errorMessages[errorCode] ?? 'Something went wrong while signing you in. Please try again.')
    : undefined;
  const providers = oauthProviders();

  return (
    <AuthCard title="Sign in" subtitle="New here? The same link creates your account. No password needed.">
      <FormError message={error} className="mb-5" />
      {callbackUrl === INTENT_RESUME_PATH && (
        <p
          className="mb-5 rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700"
          data-testid="intent-waiting"
        >
          Sign in within 15 minutes and what you pressed (your vote or follow) is done for you, then you are back on the
          product page.
        </p>
      )}
      <EmailSignInForm callbackUrl={callbackUrl} defaultEmail={emailParam(params.email)} />
      {providers.length > 0 && (
        <>
          <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-stone-500 uppercase">
            <span className="h-px flex-1 bg-stone-200" />
            or
            <span className="h-px flex-1 bg-stone-200" />
          </div>
          <OAuthButtons providers={providers} callbackUrl={callbackUrl} />
        </>
      )}
      {devMailboxEnabled() && (
        <div className="mt-6 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-stone-700">
          <p className="font-medium text-stone-900">Running locally?</p>
          <p className="mt-1">
            {process.env.SMTP_URL
              ? 'Every email is also kept in the '
              : 'No email is sent: your sign-in link appears in the '}
            <Link
              href="/dev/mailbox"
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
            >
              dev mailbox
            </Link>
            .
          </p>
        </div>
      )}
      <p className="mt-6 text-center text-xs text-stone-500">
        By signing in you agree to use the directory fairly: one account per person, honest listings.
      </p>
    </AuthCard>
  );
}
