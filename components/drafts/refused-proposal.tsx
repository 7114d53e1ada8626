// What the AI proposed for a field and the evidence guard refused (the site does not say it),
// folded away under the field so the founder can still type the right value.
import type { FieldState, FieldView } from '@/lib/drafts/types';

/** A proposal of any field kind as one line of text (lists and sections item by item). */
export function describeProposal(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(describeProposal).filter(Boolean).join('; ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.question === 'string') return `${o.question} ${describeProposal(o.answer)}`;
    if (typeof o.date === 'string' && typeof o.title === 'string') return `${o.date}: ${o.title}`;
    return Object.values(o).map(describeProposal).filter(Boolean).join(' — ');
  }
  return '';
}

const MAX = 400;

export function RefusedProposal({
  refused,
  state,
  id,
}: {
  refused: FieldView['refused'] | undefined;
  state: FieldState;
  id: string;
}) {
  if (!refused || (state !== 'not_found' && state !== 'ai')) return null;
  const text = describeProposal(refused.value);
  return (
    <details
      data-testid={`refused-${id}`}
      className="group mt-2 rounded-lg border border-stone-200 bg-stone-50 text-sm"
    >
      <summary className="cursor-pointer list-none rounded-lg px-3 py-2 text-xs font-medium text-stone-600 select-none hover:text-stone-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
        <span aria-hidden className="mr-1 inline-block group-open:rotate-90">
          ▸
        </span>
        {state === 'ai'
          ? 'Also proposed, but left out: your site doesn’t say it'
          : 'The AI proposed a value your site doesn’t say'}
      </summary>
      <div className="space-y-1.5 border-t border-stone-200 px-3 py-2">
        {text && (
          <p className="text-stone-700">
            Proposed:{' '}
            <span className="break-words text-stone-500 line-through decoration-stone-400">
              {text.length > MAX ? `${text.slice(0, MAX)}…` : text}
            </span>
          </p>
        )}
        <p className="break-words text-stone-600">Why it was left out: {refused.reason}</p>
      </div>
    </details>
  );
}
