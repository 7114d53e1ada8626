import { statusInfo } from '@/components/owner-listings/status-labels';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { getAccountOverview } from '@/lib/auth/account-overview';
import { requireUser } from '@/lib/auth/session';
import { takeAwaitingFor } from '@/lib/intents/pending-intents';
import { listMyListings } from '@/lib/owner-listings/list';
import { publicBaseUrl } from '@/lib/site/site';
import { ProfileForm } from '@/components/account/profile-form';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { buttonClass } from '@/components/ui/button';
import { siteNow } from '@/lib/time/clock';

export const metadata: Metadata = { title: 'Your account' };
export const dynamic = 'force-dynamic';

const dateFmt = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

export default async function AccountDashboardPage() {
  const user = await requireUser('/account');
  const db = await getDb();
  const base = publicBaseUrl();
  const [overview, listings, elsewhere] = await Promise.all([
    getAccountOverview(db, user.id),
    listMyListings(db, { baseUrl: base }, user.id, { page: 1, per_page: 3 }),
    user.email ? takeAwaitingFor({ db, now: siteNow() }, user.email, user.id) : [],
  ]);
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{user.name ? `Welcome, ${user.name}` : 'Your account'}</h1>
        <p className="mt-1 text-sm text-stone-600">
          Signed in as <span className="font-medium text-stone-900">{user.email}</span>
          {overview.memberSince && <> · member since {dateFmt.format(overview.memberSince)}</>}
          {user.role === 'admin' && (
            <Badge tone="brand" className="ml-2">
              Site team
            </Badge>
          )}
        </p>
      </header>

      {elsewhere.length > 0 && (
        <section
          aria-labelledby="pressed-elsewhere"
          data-testid="pressed-elsewhere"
          className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
        >
          <h2 id="pressed-elsewhere" className="text-base font-semibold">
            What you pressed before signing in
          </h2>
          <p className="mt-1">
            The sign-in link was opened in another browser than the one you pressed in, so it was not done for you. Open
            the product and press it again:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {elsewhere.map((i) => (
              <li key={`${i.kind}:${i.listingId}`}>
                {i.kind === 'vote' ? 'Upvote' : 'Follow'}{' '}
                <Link href={`/p/${i.slug}`} className="font-semibold underline">
                  {i.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {overview.drafts.inProgress === 0 && listings.total === 0 ? (
        <section
          aria-labelledby="first-step"
          data-testid="account-first-step"
          className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6"
        >
          <h2 id="first-step" className="text-lg font-semibold text-stone-900">
            First step: submit your product
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-stone-700">
            {overview.drafts.all === 0
              ? 'You have no drafts yet.'
              : 'None of your drafts is in progress: the ones you started could not be built (My drafts says why).'}{' '}
            Give us your product&apos;s website and we draft the listing from what it says; you check every field, then
            choose a free launch week or a paid launch.
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
            <Link href="/submit" className={buttonClass('primary')}>
              Submit a product
            </Link>
            {overview.drafts.all > 0 && (
              <Link href="/drafts" className={buttonClass('secondary')}>
                My drafts
              </Link>
            )}
            <Link
              href="/pricing"
              className="text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700"
            >
              See launch options
            </Link>
            <Link
              href="/account/following"
              className="text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700"
            >
              Here to vote and follow? Your list
            </Link>
          </div>
        </section>
      ) : (
        <Card padding="p-5" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-700">
            {overview.drafts.inProgress === 0 ? (
              // A co-founder who joined by invite has listings but never had a draft.
              `${overview.drafts.all > 0 ? 'Every draft of yours is submitted or closed: your' : 'Your'} listings are below. Another product to list? We draft it from its website.`
            ) : (
              <>
                You have <strong className="text-stone-900">{overview.drafts.inProgress}</strong>{' '}
                {overview.drafts.inProgress === 1 ? 'draft' : 'drafts'} in progress: open one to keep editing or to see
                its status.
              </>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {overview.drafts.all > 0 && (
              <Link href="/drafts" className={buttonClass('secondary', 'sm')}>
                My drafts
              </Link>
            )}
            <Link href="/submit" className={buttonClass('ghost', 'sm')}>
              Submit another product
            </Link>
          </div>
        </Card>
      )}

      {listings.total > 0 && (
        <Card padding="p-5" aria-labelledby="my-listings-heading" data-testid="account-listings">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="my-listings-heading" className="text-base font-semibold text-stone-900">
              My listings <span className="font-normal text-stone-600">({listings.total})</span>
            </h2>
            <Link href="/account/listings" className={buttonClass('secondary', 'sm')}>
              All my listings
            </Link>
          </div>
          <ul className="mt-3 space-y-1 text-sm">
            {listings.items.map((l) => (
              <li key={l.id}>
                <Link
                  href={`/account/listings/${l.id}`}
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
                >
                  {l.name}
                </Link>{' '}
                <span className="text-stone-600">
                  on {l.site_name} · {statusInfo(l.status).label}
                </span>
              </li>
            ))}
          </ul>
          {listings.total > listings.items.length && (
            <p className="mt-2 text-sm text-stone-600">
              and {listings.total - listings.items.length} more (All my listings shows them all)
            </p>
          )}
        </Card>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Card padding="p-5" className="flex min-w-0 flex-col">
          <h2 className="text-sm font-medium text-stone-600">API keys</h2>
          <p className="mt-1 text-3xl font-semibold text-stone-900 tabular-nums">{overview.activeApiKeys}</p>
          <p className="text-sm text-stone-600">active {overview.activeApiKeys === 1 ? 'key' : 'keys'}</p>
          <Link
            href="/account/api-keys"
            className="mt-4 self-start text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
          >
            Manage API keys
          </Link>
        </Card>
        <Card padding="p-5" className="flex min-w-0 flex-col">
          <h2 className="text-sm font-medium text-stone-600">Use the API</h2>
          <p className="mt-1 text-sm text-stone-600">
            Every action on the site is also in the REST API and the MCP server for AI agents.
          </p>
          <pre
            role="region"
            aria-label="Example request"
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-lg bg-stone-900 px-3 py-2 font-mono text-xs text-stone-100"
          >
            curl -H &quot;Authorization: Bearer $KEY&quot; {base}/api/v1/me
          </pre>
          <p className="mt-3 text-sm text-stone-600">
            MCP server: <code className="font-mono text-xs break-all text-stone-900">{base}/mcp</code>
          </p>
          <Link
            href="/docs/api"
            className="mt-4 self-start text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
          >
            Read the API reference
          </Link>
        </Card>
      </div>

      <ProfileForm name={user.name} email={user.email} />
    </div>
  );
}
