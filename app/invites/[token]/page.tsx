// A co-founder invite link: see what it is for, sign in, and add your own founder profile.
import type { Metadata } from 'next';
import Link from 'next/link';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { draftInvites, founderProfiles } from '@/db/schema';
import { getCurrentUser, signInPath } from '@/lib/auth/session';
import { getInvite, sameAddress } from '@/lib/drafts/invites';
import { socialRows } from '@/lib/drafts/form-values';
import { CofounderForm } from '@/components/drafts/cofounder-form';
import { hostOf } from '@/components/drafts/labels';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Join as a co-founder', robots: { index: false } };
export const dynamic = 'force-dynamic';

function Card({ children }: { children: React.ReactNode }) {
  return <div className={`mx-auto max-w-xl p-5 sm:p-8 ${cardClass}`}>{children}</div>;
}

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const invite = await getInvite(db, token.slice(0, 200));
  if (!invite) {
    return (
      <Card>
        <h1 className="text-xl font-bold tracking-tight">This invite link isn&apos;t valid</h1>
        <p className="mt-2 text-stone-600">
          It may have been copied incompletely. Ask the founder who invited you to send a new invite.
        </p>
        <Link href="/" className="mt-5 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Go to the directory
        </Link>
      </Card>
    );
  }
  const user = await getCurrentUser();
  const path = `/invites/${encodeURIComponent(token)}`;
  const intro = (
    <>
      <p className="text-sm font-semibold text-brand-700">Co-founder invite</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance">
        {invite.invitedBy ? `${invite.invitedBy} invited you` : 'You are invited'} to add your founder profile to{' '}
        {invite.productName}
      </h1>
      <p className="mt-2 text-sm text-stone-600">
        {invite.productName} ({hostOf(invite.productUrl)}) is being listed on Product Directory. Your profile (name,
        role, photo, bio and links) appears on the listing with the other founders.
      </p>
    </>
  );
  if (!user) {
    return (
      <Card>
        {intro}
        <Link href={signInPath(path, invite.email)} className={buttonClass('primary', 'md', 'mt-6')}>
          Sign in to continue
        </Link>
        <p className="mt-2 text-xs text-stone-500">New here? Signing in with your email creates your account.</p>
      </Card>
    );
  }
  const [[own], [inviteRow]] = await Promise.all([
    db.select().from(founderProfiles).where(eq(founderProfiles.userId, user.id)),
    db.select({ acceptedBy: draftInvites.acceptedBy }).from(draftInvites).where(eq(draftInvites.id, invite.id)),
  ]);
  const acceptedByMe = inviteRow?.acceptedBy === user.id;
  if (invite.status === 'expired' || (invite.status === 'accepted' && !acceptedByMe)) {
    return (
      <Card>
        {intro}
        <p role="alert" className="mt-5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {invite.status === 'expired'
            ? 'This invite has expired (links work for 14 days). Ask for a new one.'
            : 'This invite was already used by someone else. Ask for a new one.'}
        </p>
      </Card>
    );
  }
  const initial = own
    ? {
        name: own.name,
        role: own.role ?? '',
        bio: own.bio ?? '',
        photo_url: own.photoUrl ?? '',
        socials: socialRows(own.socials),
      }
    : { name: user.name ?? '', role: '', bio: '', photo_url: '', socials: [] };
  if (!sameAddress(user.email, invite.email)) {
    // Joining makes one an editor of the listing: only the invited address's account may.
    return (
      <Card>
        {intro}
        <p role="alert" className="mt-5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This invite was sent to {invite.email}, and you are signed in as {user.email ?? 'another account'}. Sign in
          with {invite.email} to join, or ask the founder to invite the address you use here.
        </p>
        <Link
          href={`/signout?callbackUrl=${encodeURIComponent(signInPath(path, invite.email))}`}
          className={buttonClass('primary', 'md', 'mt-5')}
        >
          Sign in as {invite.email}
        </Link>
      </Card>
    );
  }
  return (
    <Card>
      {intro}
      <div className="mt-6 border-t border-stone-100 pt-6">
        <CofounderForm
          token={token}
          productName={invite.productName}
          initial={initial}
          accepted={acceptedByMe}
          drafted={invite.drafted}
        />
      </div>
    </Card>
  );
}
