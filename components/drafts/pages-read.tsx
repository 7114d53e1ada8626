// The pages of the founder's site the draft was built from (the evidence sources).
import type { DraftView } from '@/lib/drafts/types';
import { safeHref } from '@/components/directory/socials';
import { pathOf } from './labels';
import { cardClass } from '@/components/ui/card';

const note: Record<string, string> = {
  disallowed: 'skipped (robots.txt)',
  failed: "couldn't load",
  skipped: 'skipped',
};

export function PagesRead({ pages }: { pages: DraftView['pages'] }) {
  if (!pages.length) return null;
  const read = pages.filter((p) => p.status === 'fetched').length;
  return (
    <details className={`p-4 ${cardClass}`}>
      <summary className="cursor-pointer text-sm font-semibold text-stone-900">
        Pages we read <span className="font-normal text-stone-500">({read})</span>
      </summary>
      <ul className="mt-2 space-y-1 text-sm">
        {pages.map((p) => {
          const href = p.status === 'fetched' ? safeHref(p.url) : null;
          return (
            <li key={p.url} className="flex items-baseline justify-between gap-2">
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener nofollow noreferrer"
                  className="min-w-0 truncate font-mono text-xs text-sky-700 hover:underline"
                  title={p.title ?? p.url}
                >
                  {pathOf(p.url)}
                </a>
              ) : (
                <span className="min-w-0 truncate font-mono text-xs text-stone-500">{pathOf(p.url)}</span>
              )}
              {note[p.status] && <span className="shrink-0 text-xs text-stone-500">{note[p.status]}</span>}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
