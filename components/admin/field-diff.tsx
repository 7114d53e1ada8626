// One changed field of a listing version, as Before and After side by side (stacked on phones). Text
// is a word diff: removed words struck through inside <del>, added words underlined inside <ins>, each
// also named for screen readers, so the change never rests on colour alone. Lists and objects show
// both values whole.
import type { FieldChangeView } from '@/lib/admin/edits';
import { sideOf, type DiffPart } from '@/lib/admin/word-diff';

function DiffText({ parts, side }: { parts: DiffPart[]; side: 'before' | 'after' }) {
  const shown = sideOf(parts, side);
  if (shown.every((p) => p.text === '')) return <Empty />;
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-stone-800">
      {shown.map((p, i) =>
        p.kind === 'removed' ? (
          <del key={i} className="rounded-sm bg-red-50 text-red-900 decoration-red-700 decoration-2">
            <span className="sr-only">[removed: </span>
            {p.text}
            <span className="sr-only">]</span>
          </del>
        ) : p.kind === 'added' ? (
          <ins
            key={i}
            className="rounded-sm bg-emerald-50 text-emerald-900 underline decoration-emerald-700 decoration-2 underline-offset-2"
          >
            <span className="sr-only">[added: </span>
            {p.text}
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

function Empty() {
  return <p className="text-sm text-stone-500 italic">(empty)</p>;
}

function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.values(v as object).every((x) => x === undefined || x === null);
  return false;
}

/** A list or object in words: a list of strings as items, FAQs as question and answer, objects as key: value. */
function StructuredValue({ value }: { value: unknown }) {
  if (isEmpty(value)) return <Empty />;
  if (Array.isArray(value))
    return (
      <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
        {value.map((item, i) => (
          <li key={i} className="break-words">
            {typeof item === 'object' && item !== null ? <StructuredValue value={item} /> : String(item)}
          </li>
        ))}
      </ul>
    );
  if (typeof value === 'object')
    return (
      <dl className="space-y-1 text-sm">
        {Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => (
            <div key={k} className="break-words">
              <dt className="inline font-medium text-stone-600">{k}: </dt>
              <dd className="inline text-stone-800">
                {typeof v === 'object' ? (Array.isArray(v) ? v.join(', ') : JSON.stringify(v)) : String(v)}
              </dd>
            </div>
          ))}
      </dl>
    );
  return <p className="text-sm break-words text-stone-800">{String(value)}</p>;
}

export function FieldDiff({ change }: { change: FieldChangeView }) {
  const sides = [
    { side: 'before' as const, label: 'Before', value: change.before },
    { side: 'after' as const, label: 'After', value: change.after },
  ];
  return (
    <div className="border-t border-stone-100 py-3 first:border-t-0">
      <h3 className="text-sm font-semibold text-stone-900">{change.label}</h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {sides.map(({ side, label, value }) => (
          <div key={side} className="min-w-0 rounded-lg bg-stone-50 p-3">
            <p className="mb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</p>
            {change.diff ? <DiffText parts={change.diff} side={side} /> : <StructuredValue value={value} />}
          </div>
        ))}
      </div>
    </div>
  );
}
