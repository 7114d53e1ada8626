import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { Button, buttonClass } from '@/components/ui/button';
import { signOutAction } from '@/lib/actions/auth';
import { getCurrentUser, safeCallbackPath } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Sign out' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ callbackUrl?: string | string[] }> };

/** `callbackUrl`: where to go once signed out (an invite sends its invitee on to sign in as the invited address). */
export default async function SignOutPage({ searchParams }: Props) {
  const { callbackUrl } = await searchParams;
  const next = safeCallbackPath(typeof callbackUrl === 'string' ? callbackUrl : undefined, '/');
  const user = await getCurrentUser();
  if (!user) {
    return (
      <AuthCard title="You are signed out">
        <Link href={next} className={buttonClass('primary', 'md', 'w-full')}>
          {next === '/' ? 'Back to the directory' : 'Continue'}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign out?" subtitle={<>You are signed in as {user.email}.</>}>
      <form action={signOutAction}>
        <input type="hidden" name="callbackUrl" value={next} />
        <Button type="submit" variant="neutral" className="w-full">
          Sign out
        </Button>
      </form>
    </AuthCard>
  );
}
