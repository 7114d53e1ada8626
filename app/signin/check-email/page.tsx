import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { buttonClass } from '@/components/ui/button';
import { devMailboxEnabled } from '@/lib/mail/outbox';
import { z } from 'zod';

export const metadata: Metadata = { title: 'Check your email' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ email?: string | string[] }> };

export default async function CheckEmailPage({ searchParams }: Props) {
  const params = await searchParams;
  // Shown only when it is an email address: a link must not put its own sentence on the page.
  const email =
    typeof params.email === 'string' && z.email().max(254).safeParse(params.email).success ? params.email : undefined;
  const mailbox = devMailboxEnabled();
  return (
    <AuthCard
      title="Check your email"
      subtitle={
        <>
          We sent a sign-in link to{' '}
          {email ? <strong className="font-semibold text-stone-900">{email}</strong> : 'your address'}. It works once
          and expires in 24 hours.
        </>
      }
    >
      {mailbox && (
        <Link
          href={email ? `/dev/mailbox?to=${encodeURIComponent(email)}` : '/dev/mailbox'}
          className={buttonClass('primary', 'md', 'w-full')}
        >
          Open the dev mailbox
        </Link>
      )}
      <ul className="mt-6 space-y-2 text-sm text-stone-600">
        <li>Nothing arrived? Check your spam folder, or wait a minute.</li>
        <li>
          Wrong address?{' '}
          <Link href="/signin" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600">
            Use a different email
          </Link>
          .
        </li>
      </ul>
    </AuthCard>
  );
}
