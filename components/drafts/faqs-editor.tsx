'use client';
// Up to 5 questions and answers; each drafted one shows the quotes it came from.
import { MAX_FAQS, type DraftView } from '@/lib/drafts/types';
import type { FaqRow } from '@/lib/drafts/form-values';
import { EvidenceList } from './evidence-list';
import { inputClass } from '@/components/ui/field';
import { SectionHeader, SubSection } from './section-card';
import { addButton, smallButton, useRows } from './use-rows';
import { FieldError } from '@/components/ui/field-error';

export function FaqsEditor({
  draft,
  initial,
  errors,
  pending,
}: {
  draft: DraftView;
  initial: FaqRow[];
  errors: Record<string, string>;
  pending: boolean;
}) {
  const { rows, add, remove, move, canAdd, rowRef } = useRows<FaqRow>(
    initial.length ? initial : [{ question: '', answer: '' }],
    () => ({ question: '', answer: '' }),
    MAX_FAQS,
  );
  const evidenceFor = (q: string) =>
    draft.sections.faqs.state === 'ai' ? (draft.faqs.find((f) => f.question === q)?.evidence ?? []) : [];
  return (
    <SubSection name="faqs">
      <input type="hidden" name="_sections" value="faqs" />
      <SectionHeader
        name="faqs"
        draft={draft}
        pending={pending}
        description={`Questions buyers ask before trying it. At most ${MAX_FAQS}.`}
      />
      <FieldError className="mt-1">{errors.faqs}</FieldError>
      {initial.length === 0 && (
        <p className="mb-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-600">
          Your site has no FAQ we could quote. Add the questions people ask you most.
        </p>
      )}
      <ol className="space-y-3">
        {rows.map(({ key, value }, i) => (
          <li key={key} ref={rowRef(key)} className="rounded-xl border border-stone-200 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs font-semibold text-stone-500">Question {i + 1}</span>
              <span className="flex gap-1">
                <button
                  type="button"
                  onClick={() => move(key, -1)}
                  disabled={i === 0}
                  className={smallButton}
                  aria-label={`Move question ${i + 1} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  onClick={() => remove(key)}
                  className={smallButton}
                  aria-label={`Remove question ${i + 1}`}
                >
                  Remove
                </button>
              </span>
            </div>
            <input
              name={`faqs.${i}.question`}
              defaultValue={value.question}
              maxLength={300}
              placeholder="The question"
              aria-label={`Question ${i + 1}`}
              aria-invalid={errors[`faqs.${i}.question`] ? true : undefined}
              className={`${inputClass} mt-2 font-medium`}
            />
            <FieldError className="mt-1">{errors[`faqs.${i}.question`]}</FieldError>
            <textarea
              name={`faqs.${i}.answer`}
              defaultValue={value.answer}
              maxLength={3000}
              rows={2}
              placeholder="The answer"
              aria-label={`Answer ${i + 1}`}
              aria-invalid={errors[`faqs.${i}.answer`] ? true : undefined}
              className={`${inputClass} mt-2`}
            />
            <FieldError className="mt-1">{errors[`faqs.${i}.answer`]}</FieldError>
            <EvidenceList evidence={evidenceFor(value.question)} />
          </li>
        ))}
      </ol>
      <div className="mt-3">
        {canAdd ? (
          <button type="button" onClick={add} className={addButton}>
            + Add a question
          </button>
        ) : (
          <p className="text-xs text-stone-500">That&apos;s the maximum of {MAX_FAQS} questions.</p>
        )}
      </div>
    </SubSection>
  );
}
