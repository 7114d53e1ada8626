// How complete the draft is, and what is still missing (each item jumps to its field).
import type { DraftView } from '@/lib/drafts/types';
import { FIELD_LABELS } from './labels';
import { cardClass } from '@/components/ui/card';

export function CompletenessMeter({ draft }: { draft: DraftView }) {
  const pct = draft.completeness;
  const tone = pct >= 80 ? 'bg-emerald-500' : pct >= 50 ? 'bg-brand-500' : 'bg-amber-500';
  return (
    <section aria-labelledby="completeness-heading" className={`p-4 ${cardClass}`}>
      <div className="flex items-baseline justify-between">
        <h2 id="completeness-heading" className="text-sm font-semibold text-stone-900">
          Completeness
        </h2>
        <span className="text-2xl font-bold text-stone-900 tabular-nums" data-testid="completeness">
          {pct}%
        </span>
      </div>
      <div
        role="meter"
        aria-label="Listing completeness"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="mt-2 h-2 overflow-hidden rounded-full bg-stone-100"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${pct}%` }} />
      </div>
      {draft.listing_id !== null && (
        <p className="mt-2 text-xs text-stone-600">
          Of this draft. Edits made on the listing’s own page (its story, milestones, profile) are not counted here:{' '}
          <a href={`/account/listings/${draft.listing_id}`} className="font-medium text-brand-700 underline">
            the listing
          </a>{' '}
          is the record.
        </p>
      )}
      {draft.missing.length === 0 ? (
        <p className="mt-3 text-sm text-emerald-700">Everything is filled in. Nice work.</p>
      ) : (
        <details className="group mt-3" open>
          <summary className="cursor-pointer list-none text-xs font-semibold tracking-wide text-stone-500 uppercase">
            Still missing ({draft.missing.length}) <span className="group-open:hidden">▸</span>
          </summary>
          <ul className="mt-2 space-y-1">
            {draft.missing.map((m) => (
              <li key={m.field}>
                <a
                  href={`#field-${m.field}`}
                  className="group/item flex items-start gap-2 rounded-md px-1.5 py-1 text-sm text-stone-700 hover:bg-brand-50 hover:text-brand-700"
                >
                  <span aria-hidden className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-amber-400" />
                  <span>
                    <span className="font-medium">{FIELD_LABELS[m.field]}</span>
                    <span className="block text-xs text-stone-500 group-hover/item:text-brand-700">{m.message}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
