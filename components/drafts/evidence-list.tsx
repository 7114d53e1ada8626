// The quotes from the founder's own site that back a drafted value, each linking to its page.
import type { Evidence } from '@/lib/drafts/types';
import { safeHref } from '@/components/directory/socials';
import { pageLabel } from './labels';

const isAddress = (q: string) => /^(https?:\/\/|mailto:)/i.test(q.trim());

function Quote({ e }: { e: Evidence }) {
  const href = safeHref(e.url);
  return (
    <li className="flex flex-col gap-0.5 border-l-2 border-sky-200 pl-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
      {isAddress(e.quote) ? (
        <span className="min-w-0 text-stone-600">
          Found on the page: <span className="font-mono text-xs break-all text-stone-700">{e.quote}</span>
        </span>
      ) : (
        <q className="min-w-0 text-stone-700 italic">{e.quote.length > 280 ? `${e.quote.slice(0, 280)}…` : e.quote}</q>
      )}
      {href && (
        <a
          href={href}
          target="_blank"
          rel="noopener nofollow noreferrer"
          className="inline-block shrink-0 self-start py-1 font-mono text-xs text-sky-700 underline-offset-2 hover:underline sm:self-auto"
          title={e.url}
        >
          {pageLabel(e.url)} ↗
        </a>
      )}
    </li>
  );
}

export function EvidenceList({
  evidence,
  label = 'Where your site says this',
}: {
  evidence: Evidence[];
  label?: string;
}) {
  if (!evidence.length) return null;
  const [first, ...rest] = evidence;
  return (
    <div className="mt-2 text-sm">
      <p className="mb-1 text-xs font-medium text-stone-500">{label}</p>
      <ul className="space-y-1.5">
        <Quote e={first} />
      </ul>
      {rest.length > 0 && (
        <details className="group mt-1.5">
          <summary className="cursor-pointer py-1 text-xs font-medium text-sky-700 hover:underline">
            {rest.length} more {rest.length === 1 ? 'quote' : 'quotes'}
          </summary>
          <ul className="mt-1.5 space-y-1.5">
            {rest.map((e, i) => (
              <Quote key={i} e={e} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
