import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { signOutAction } from '@/lib/auth/actions';
import { getCurrentUser } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Sign out' };
export const dynamic = 'force-dynamic';

export default async function SignOutPage() {
  const user = await getCurrentUser();
  if (!user) {
    return (
      <AuthCard title="You are signed out">
        <Link href="/" className="flex w-full justify-center rounded-lg bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600">
          Back to the directory
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign out?" subtitle={<>You are signed in as {user.email}.</>}>
      <form action={signOutAction}>
        <button type="submit" className="flex w-full justify-center rounded-lg bg-stone-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-stone-700">
          Sign out
        </button>
      </form>
    </AuthCard>
  );
}
