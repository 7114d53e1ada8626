import { Card } from '@/components/ui/card';
import { safeHref } from '@/components/directory/socials';
import type { PublicListing } from '@/lib/directory/listing-page';
import { formatDate } from '@/lib/directory/format';
import { LinkedText } from '@/components/directory/linked-text';

/** The owner-written body of a listing: about, FAQs, updates, milestones. All plain text. */
export function ListingDetails({ listing }: { listing: PublicListing }) {
  const about = listing.description || listing.summary;
  return (
    <>
      {about && (
        <Card title="About">
          {listing.summary && listing.description && (
            <p className="mb-3 font-medium text-stone-800">{listing.summary}</p>
          )}
          <p className="leading-relaxed whitespace-pre-line text-stone-700">
            <LinkedText text={about} />
          </p>
        </Card>
      )}
      {listing.faqs.length > 0 && (
        <Card title="Questions and answers">
          <div className="divide-y divide-stone-100">
            {listing.faqs.map((f, i) => (
              <details key={i} className="group py-3 first:pt-0 last:pb-0" open={i === 0}>
                <summary className="cursor-pointer list-none font-medium text-stone-900 marker:hidden">
                  <span className="mr-2 inline-block text-stone-600 transition-transform group-open:rotate-90">›</span>
                  {f.question}
                </summary>
                <p className="mt-2 pl-5 text-sm leading-relaxed whitespace-pre-line text-stone-600">{f.answer}</p>
              </details>
            ))}
          </div>
        </Card>
      )}
      {listing.updates.length > 0 && (
        <Card title="Updates" id="updates">
          <ol className="space-y-5">
            {listing.updates.map((u) => (
              <li key={u.id} className="border-l-2 border-brand-100 pl-4">
                <time dateTime={u.createdAt} className="text-xs text-stone-500">
                  {formatDate(u.createdAt)}
                </time>
                <h3 className="font-semibold text-stone-900">{u.title}</h3>
                <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-stone-600">
                  <LinkedText text={u.body} />
                </p>
              </li>
            ))}
          </ol>
        </Card>
      )}
      {listing.milestones && listing.milestones.length > 0 && (
        <Card title="Milestones" id="milestones">
          <ol className="relative space-y-4 border-l border-stone-200 pl-5">
            {listing.milestones.map((m) => {
              const href = safeHref(m.url);
              return (
                <li key={m.id} className="relative">
                  <span
                    aria-hidden
                    className="absolute top-1.5 -left-[25px] h-2.5 w-2.5 rounded-full border-2 border-white bg-brand-500"
                  />
                  <time dateTime={m.date} className="text-xs font-medium text-stone-500">
                    {formatDate(m.date)}
                  </time>
                  <p className="font-semibold text-stone-900">
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener nofollow ugc"
                        className="text-brand-700 underline underline-offset-2 hover:text-stone-900"
                      >
                        {m.title}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      m.title
                    )}
                  </p>
                  {m.description && <p className="text-sm text-stone-600">{m.description}</p>}
                </li>
              );
            })}
          </ol>
        </Card>
      )}
    </>
  );
}
