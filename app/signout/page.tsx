import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { Button, buttonClass } from '@/components/ui/button';
import { signOutAction } from '@/lib/actions/auth';
import { getCurrentUser } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Sign out' };
export const dynamic = 'force-dynamic';

export default async function SignOutPage() {
  const user = await getCurrentUser();
  if (!user) {
    return (
      <AuthCard title="You are signed out">
        <Link href="/" className={buttonClass('primary', 'md', 'w-full')}>
          Back to the directory
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign out?" subtitle={<>You are signed in as {user.email}.</>}>
      <form action={signOutAction}>
        <Button type="submit" variant="neutral" className="w-full">
          Sign out
        </Button>
      </form>
    </AuthCard>
  );
}
