import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListingList, ListingRow } from '@/components/directory/listing-row';
import { ListingLogo } from '@/components/directory/listing-logo';
import { SocialLinks } from '@/components/directory/socials';
import { cachedFounder } from '@/lib/directory/cached';
import { cardClass } from '@/components/ui/card';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const f = await cachedFounder((await params).slug);
  return f
    ? {
        title: f.name,
        description: f.bio?.slice(0, 160) || `${f.name}, ${f.role ?? 'founder'}`,
        alternates: { canonical: `/founders/${f.slug}` },
      }
    : { title: 'Not found' };
}

export default async function FounderPage({ params }: Props) {
  const founder = await cachedFounder((await params).slug);
  if (!founder) notFound();
  return (
    <div className="mx-auto max-w-3xl space-y-6 wrap-anywhere">
      <header className={`flex items-start gap-4 p-5 sm:p-7 ${cardClass}`}>
        <ListingLogo name={founder.name} logoUrl={founder.photoUrl} size="lg" eager />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">{founder.name}</h1>
          {founder.role && <p className="text-stone-600">{founder.role}</p>}
          {founder.bio && <p className="mt-3 whitespace-pre-line text-stone-700">{founder.bio}</p>}
          <SocialLinks socials={founder.socials} className="mt-3" />
        </div>
      </header>
      {founder.answers.length > 0 && (
        <section aria-labelledby="interview">
          <h2 id="interview" className="mb-3 text-lg font-bold tracking-tight">
            Interview
          </h2>
          <dl className={`divide-y divide-stone-100 ${cardClass}`}>
            {founder.answers.map((a) => (
              <div key={a.key} className="p-4 sm:p-5">
                <dt className="font-semibold text-stone-900">{a.question}</dt>
                <dd className="mt-1 whitespace-pre-line text-stone-700">{a.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section>
        <h2 className="mb-3 text-lg font-bold tracking-tight">Products</h2>
        <ListingList label="Products">
          {founder.listings.map((l) => (
            <ListingRow key={l.id} listing={l} />
          ))}
        </ListingList>
      </section>
    </div>
  );
}
