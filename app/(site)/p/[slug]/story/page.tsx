import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ListingLogo } from '@/components/directory/listing-logo';
import { cachedListing } from '@/lib/directory/cached';
import { formatDate } from '@/lib/directory/format';
import { STORY_CHAPTERS, storyExcerpt } from '@/lib/directory/story';
import { LinkedText } from '@/components/directory/linked-text';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const l = await cachedListing((await params).slug);
  if (!l?.story) return { title: 'Not found' };
  return {
    title: l.story.title || `The story behind ${l.name}`,
    description: storyExcerpt(l.story.sections, 155),
    alternates: { canonical: `/p/${l.slug}/story` },
  };
}

/** The founder story, in the founders' own words; only published stories of live listings. */
export default async function StoryPage({ params }: Props) {
  const listing = await cachedListing((await params).slug);
  if (!listing?.story) notFound();
  const { story } = listing;
  const author = listing.founders[0];
  return (
    <article className="mx-auto max-w-2xl wrap-anywhere">
      <Link
        href={`/p/${listing.slug}`}
        className="inline-flex items-center gap-2 text-sm font-medium text-stone-600 hover:text-stone-900"
      >
        <ListingLogo name={listing.name} logoUrl={listing.logoUrl} size="sm" /> {listing.name}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
        {story.title || `The story behind ${listing.name}`}
      </h1>
      <p className="mt-2 text-sm text-stone-500">
        {author && (
          <>
            By{' '}
            <Link href={`/founders/${author.slug}`} className="font-medium text-stone-700 hover:underline">
              {author.name}
            </Link>
          </>
        )}
        {story.publishedAt && (
          <>
            {' '}
            · <time dateTime={story.publishedAt}>{formatDate(story.publishedAt)}</time>
          </>
        )}
      </p>
      <div className="mt-8 space-y-8">
        {STORY_CHAPTERS.filter((s) => story.sections[s.key]?.trim()).map((s) => (
          <section key={s.key}>
            <h2 className="text-xl font-semibold text-stone-900">{s.label}</h2>
            <p className="mt-2 text-[17px] leading-8 whitespace-pre-line text-stone-700">
              <LinkedText text={story.sections[s.key] ?? ''} />
            </p>
          </section>
        ))}
      </div>
      <p className="mt-10 border-t border-stone-200 pt-6">
        <Link href={`/p/${listing.slug}`} className="font-semibold text-brand-700 hover:underline">
          See {listing.name} →
        </Link>
      </p>
    </article>
  );
}
