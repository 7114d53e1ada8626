import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { profileCompleteness } from '@/lib/founders/completeness';
import { getOwnProfile } from '@/lib/founders/profile';
import { FounderProfileForm } from '@/components/founders/founder-profile-form';

export const metadata: Metadata = { title: 'Founder profile' };
export const dynamic = 'force-dynamic';

/** The founder's own profile: shown with their products and stories; complete = name, role, bio and photo. */
export default async function FounderProfilePage() {
  const user = await requireUser('/account/profile');
  const profile = await getOwnProfile(await getDb(), user.id);
  const { complete, missing } = profileCompleteness(profile);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Founder profile</h1>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          Shown on your products&apos; pages, your founder stories and your public founder page
          {profile ? (
            <>
              {' '}
              (
              <Link
                href={`/founders/${profile.slug}`}
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                /founders/{profile.slug}
              </Link>
              , once one of your products is live)
            </>
          ) : null}
          . Only you can change it.
        </p>
      </header>
      <section
        aria-labelledby="completeness"
        className={`rounded-xl border p-4 ${complete ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'}`}
      >
        <h2 id="completeness" className="text-sm font-semibold text-stone-900">
          {complete ? 'Your profile is complete' : 'To complete your profile'}
        </h2>
        {complete ? (
          <p className="mt-1 text-sm text-stone-700">
            Your founder stories can be published, and your free launch can go live when its week comes.
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-stone-700">
              A founder story is published, and a free launch goes live, only once the primary founder&apos;s profile
              has a name, role, bio and photo.
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {missing.map((m) => (
                <li key={m.field}>
                  <a href={`#${m.field}`} className="text-stone-900 underline underline-offset-2">
                    {m.reason}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <FounderProfileForm
        missing={missing}
        profile={{
          name: profile?.name ?? user.name ?? '',
          role: profile?.role ?? '',
          bio: profile?.bio ?? '',
          photoUrl: profile?.photoUrl ?? null,
          socials: Object.fromEntries(
            Object.entries(profile?.socials ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
          ),
        }}
      />
    </div>
  );
}
