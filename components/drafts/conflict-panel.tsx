'use client';
// The draft changed elsewhere (another tab) since the editor loaded it: per field, yours and theirs
// side by side; the founder picks one of each and saves (intent=resolve, works without JavaScript).
import { useEffect, useRef } from 'react';
import type { EditorConflict } from '@/lib/actions/drafts';
import { conflictFields } from '@/lib/drafts/conflict';
import type { EditorValues } from '@/lib/drafts/form-values';
import { Button } from '@/components/ui/button';

const choiceClass =
  'flex cursor-pointer gap-2 rounded-lg border border-stone-300 bg-white p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:ring-1 has-[:checked]:ring-brand-700';

export function ConflictPanel({
  conflict,
  base,
  pending,
}: {
  conflict: EditorConflict;
  base: EditorValues;
  pending: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [conflict]);
  const fields = conflictFields(base, conflict.mine, conflict.theirs);
  return (
    <section
      aria-labelledby="conflict-title"
      data-testid="conflict"
      className="scroll-mt-28 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
    >
      <input type="hidden" name="conflict_version" value={conflict.version} />
      <h2
        id="conflict-title"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold tracking-tight text-stone-900 focus:outline-none"
      >
        This draft was changed in another tab or window
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Nothing was overwritten and nothing you typed is lost.{' '}
        {fields.length
          ? 'For each field below, keep your version or take the one saved elsewhere, then save.'
          : 'Your changes do not clash with it: save to combine them.'}
      </p>
      <div className="mt-4 space-y-4">
        {fields.map((f) => (
          <fieldset key={f.name} className="min-w-0">
            <legend className="text-sm font-semibold text-stone-900">{f.label}</legend>
            <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
              <label className={choiceClass}>
                <input
                  type="radio"
                  name={`choice.${f.name}`}
                  value="mine"
                  defaultChecked={f.changedByMe}
                  className="mt-0.5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-stone-900">Keep mine</span>
                  <span className="mt-0.5 block break-words whitespace-pre-line text-stone-700">
                    {f.mine || '(empty)'}
                  </span>
                </span>
              </label>
              <label className={choiceClass}>
                <input
                  type="radio"
                  name={`choice.${f.name}`}
                  value="theirs"
                  defaultChecked={!f.changedByMe}
                  className="mt-0.5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-stone-900">Take theirs</span>
                  <span className="mt-0.5 block break-words whitespace-pre-line text-stone-700">
                    {f.theirs || '(empty)'}
                  </span>
                </span>
              </label>
            </div>
          </fieldset>
        ))}
      </div>
      <Button type="submit" name="intent" value="resolve" disabled={pending} className="mt-4">
        Save with these choices
      </Button>
    </section>
  );
}
