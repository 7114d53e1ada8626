import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { badgeClass } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListingLogo } from '@/components/directory/listing-logo';
import { ShareLinks } from '@/components/directory/share-links';
import { SocialLinks, safeHref } from '@/components/directory/socials';
import { ToggleButton } from '@/components/directory/toggle-button';
import { getDb } from '@/db/client';
import { getCurrentUser } from '@/lib/auth/session';
import { cachedListing } from '@/lib/directory/cached';
import { comingSoonFor } from '@/lib/directory/coming-soon';
import { formatDate, formatWeekName } from '@/lib/directory/format';
import { storyExcerpt } from '@/lib/directory/story';
import { viewerOfListing, type ViewerOfListing } from '@/lib/directory/viewer';
import { publicBaseUrl } from '@/lib/site/site';
import { followAction, voteAction } from '@/lib/actions/listing-interactions';
import { doneIntentsFor, INTENT_DONE_COOKIE } from '@/lib/actions/pending-intent';
import { FlashNotice } from '@/components/ui/flash-notice';
import { ComingSoonPage } from './coming-soon';
import { ListingDetails } from './listing-details';
import { LISTING_PLAN } from '@/db/schema';
import { productNoticeText } from '@/lib/site/notices';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ notice?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const slug = (await params).slug;
  const listing = await cachedListing(slug);
  if (!listing) {
    const soon = await comingSoonFor(slug);
    return soon
      ? { title: `${soon.name}: launching soon`, description: soon.headline, robots: { index: false } }
      : { title: 'Not found' };
  }
  const title = listing.seo.title || `${listing.name}: ${listing.headline}`;
  const description = listing.seo.description || listing.summary || listing.headline;
  return {
    title,
    description,
    keywords: listing.seo.keywords,
    alternates: { canonical: `/p/${listing.slug}` },
    openGraph: { title, description, type: 'website', url: `/p/${listing.slug}` },
    twitter: { card: 'summary_large_image', title, description },
  };
}

export default async function ListingPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const listing = await cachedListing(slug);
  if (!listing) {
    const soon = await comingSoonFor(slug);
    if (!soon) notFound();
    return <ComingSoonPage listing={soon} />;
  }
  const [user, { notice }] = await Promise.all([getCurrentUser(), searchParams]);
  // A signed-in visitor's own vote and follow, with the counts from the primary (their change shows at once).
  let viewer: ViewerOfListing | null = null;
  let intentMessage: string | null = null;
  if (user) {
    // A vote or follow pressed before signing in, just performed by /intents/resume.
    const said = (await doneIntentsFor(listing.id)).map(({ kind, changed }) =>
      kind === 'vote'
        ? changed
          ? `Your vote for ${listing.name} was counted.`
          : `You had already voted for ${listing.name}: it still counts once.`
        : changed
          ? `You now follow ${listing.name}.`
          : `You already follow ${listing.name}.`,
    );
    intentMessage = said.length ? said.join(' ') : null;
    viewer = await viewerOfListing(await getDb(), user.id, listing.id);
  }
  const pageUrl = `${publicBaseUrl()}/p/${listing.slug}`;
  const website = safeHref(listing.url);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: listing.name,
    description: listing.summary || listing.headline,
    url: website ?? undefined,
    applicationCategory: listing.categories[0]?.name,
  };

  return (
    <article className="space-y-6 wrap-anywhere">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
      {intentMessage && <FlashNotice message={intentMessage} cookieName={INTENT_DONE_COOKIE} />}
      {productNoticeText(notice) && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {productNoticeText(notice)}
        </p>
      )}
      <header className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-7">
        <div className="flex items-start gap-4 sm:gap-5">
          <ListingLogo name={listing.name} logoUrl={listing.logoUrl} size="lg" eager />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{listing.name}</h1>
            <p className="mt-1 text-base text-stone-600 sm:text-lg">{listing.headline}</p>
            <ul className="mt-3 flex flex-wrap gap-1.5">
              {listing.categories.map((c) => (
                <li key={c.slug}>
                  <Link href={`/c/${c.slug}`} className={badgeClass('neutral', 'hover:bg-stone-200')}>
                    {c.name}
                  </Link>
                </li>
              ))}
              {listing.launchWeek && (
                <li className={badgeClass('brand')}>Launched {formatWeekName(listing.launchWeek)}</li>
              )}
            </ul>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-2">
          <ToggleButton
            kind="vote"
            action={voteAction}
            listingId={listing.id}
            slug={listing.slug}
            active={viewer?.voted ?? false}
            count={viewer?.votes ?? listing.votes}
            signedIn={!!user}
          />
          <ToggleButton
            kind="follow"
            action={followAction}
            listingId={listing.id}
            slug={listing.slug}
            active={viewer?.following ?? false}
            count={viewer?.followers ?? listing.followers}
            signedIn={!!user}
          />
          {website && (
            <a
              href={website}
              target="_blank"
              rel={listing.plan === LISTING_PLAN.paid ? 'noopener' : 'noopener nofollow'}
              className={buttonClass('neutral', 'tall')}
            >
              Visit website ↗
            </a>
          )}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="space-y-6">
          <ListingDetails listing={listing} />
          {listing.story && (
            <Card title="Founder story">
              <h3 className="text-lg font-semibold">{listing.story.title || `The story behind ${listing.name}`}</h3>
              <p className="mt-2 text-stone-600">{storyExcerpt(listing.story.sections)}</p>
              <Link
                href={`/p/${listing.slug}/story`}
                className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
              >
                Read the story →
              </Link>
            </Card>
          )}
        </div>
        <aside className="space-y-6">
          <Facts listing={listing} />
          {listing.founders.length > 0 && (
            <Card title={listing.founders.length > 1 ? 'Founders' : 'Founder'}>
              <ul className="space-y-3">
                {listing.founders.map((f) => (
                  <li key={f.slug} className="flex items-center gap-3">
                    <ListingLogo name={f.name} logoUrl={f.photoUrl} size="sm" />
                    <div className="min-w-0">
                      <Link href={`/founders/${f.slug}`} className="font-medium hover:underline">
                        {f.name}
                      </Link>
                      {f.role && <p className="truncate text-xs text-stone-500">{f.role}</p>}
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <Card title="Share">
            <ShareLinks url={pageUrl} title={`${listing.name}: ${listing.headline}`} />
          </Card>
        </aside>
      </div>
    </article>
  );
}

function Facts({ listing }: { listing: NonNullable<Awaited<ReturnType<typeof cachedListing>>> }) {
  const facts = [
    ['Company', listing.companyName],
    ['Founded', listing.foundedYear ? String(listing.foundedYear) : null],
    ['Headquarters', listing.headquarters],
    ['Team size', listing.teamSize],
    ['Pricing', listing.pricing],
    ['Launched', listing.launchedAt ? formatDate(listing.launchedAt) : null],
  ].filter((f): f is [string, string] => !!f[1]);
  const hasSocials = Object.keys(listing.socials).length > 0;
  if (!facts.length && !hasSocials) return null;
  return (
    <Card title="Company">
      {facts.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-stone-600">{k}</dt>
              <dd className="text-right font-medium text-stone-800">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      <SocialLinks socials={listing.socials} className={facts.length ? 'mt-4' : ''} />
    </Card>
  );
}
