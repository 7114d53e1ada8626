'use client';
// The founder story (one text per section) and the milestones timeline.
import { BODY_SECTION_COUNT, MIN_STORY_SECTIONS, MIN_STORY_WORDS } from '@/lib/founder-story/rules';
import { MAX_MILESTONES, MAX_STORY_SECTION, STORY_SECTIONS, type DraftView } from '@/lib/drafts/types';
import type { EditorValues, MilestoneRow } from '@/lib/drafts/form-values';
import { inputClass, labelClass } from '@/components/ui/field';
import { STORY_LABELS } from './labels';
import { SectionEvidence, SectionHeader, SubSection } from './section-card';
import { addButton, smallButton, useRows } from './use-rows';
import { FieldError } from '@/components/ui/field-error';

export function StoryEditor({
  draft,
  initial,
  errors,
  pending,
}: {
  draft: DraftView;
  initial: EditorValues['story'];
  errors: Record<string, string>;
  pending: boolean;
}) {
  // The title is not one of the sections the rules count (lib/founder-story/rules.ts).
  const filled = STORY_SECTIONS.filter((s) => s !== 'title' && initial[s]).length;
  return (
    <SubSection name="story">
      <SectionHeader
        name="story"
        draft={draft}
        pending={pending}
        description={`Told in your words on your founder story page. At least ${MIN_STORY_SECTIONS} of the ${BODY_SECTION_COUNT} sections and ${MIN_STORY_WORDS} words in all make it publishable.`}
      />
      <p className="mb-3 text-xs text-stone-500">
        {filled} of {BODY_SECTION_COUNT} sections written.
      </p>
      <div className="space-y-4">
        {STORY_SECTIONS.map((s) => {
          const error = errors[`story.${s}`];
          return (
            <div key={s}>
              <label htmlFor={`story-${s}`} className={labelClass}>
                {STORY_LABELS[s].label}
              </label>
              {s === 'title' ? (
                <input
                  id={`story-${s}`}
                  name={`story.${s}`}
                  defaultValue={initial[s]}
                  maxLength={200}
                  placeholder={STORY_LABELS[s].hint}
                  aria-invalid={error ? true : undefined}
                  className={`${inputClass} mt-1`}
                />
              ) : (
                <textarea
                  id={`story-${s}`}
                  name={`story.${s}`}
                  defaultValue={initial[s]}
                  maxLength={MAX_STORY_SECTION}
                  rows={3}
                  placeholder={STORY_LABELS[s].hint}
                  aria-invalid={error ? true : undefined}
                  className={`${inputClass} mt-1`}
                />
              )}
              <FieldError className="mt-1">{error}</FieldError>
            </div>
          );
        })}
      </div>
      <SectionEvidence name="story" draft={draft} />
    </SubSection>
  );
}

export function MilestonesEditor({
  draft,
  initial,
  errors,
  pending,
}: {
  draft: DraftView;
  initial: MilestoneRow[];
  errors: Record<string, string>;
  pending: boolean;
}) {
  const { rows, add, remove, canAdd, rowRef } = useRows<MilestoneRow>(
    initial,
    () => ({ date: '', title: '', description: '', url: '' }),
    MAX_MILESTONES,
  );
  return (
    <SubSection name="milestones">
      <input type="hidden" name="_sections" value="milestones" />
      <SectionHeader
        name="milestones"
        draft={draft}
        pending={pending}
        description="Launches, funding, customers: dated, with an optional https link."
      />
      {rows.length === 0 && (
        <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-600">
          No milestones yet. Your first launch here could be one.
        </p>
      )}
      <ol className="space-y-3">
        {rows.map(({ key, value }, i) => {
          const err = (k: string) => errors[`milestones.${i}.${k}`];
          // Each error line is named by the inputs it is about (aria-describedby), so it is read with them.
          const topError = `milestone-${key}-error`;
          const bottomError = `milestone-${key}-more-error`;
          const describe = (id: string, k: string) => (err(k) ? id : undefined);
          return (
            <li key={key} ref={rowRef(key)} className="rounded-xl border border-stone-200 p-3">
              <div className="grid gap-2 sm:grid-cols-[10rem_1fr_auto]">
                <input
                  name={`milestones.${i}.date`}
                  type="date"
                  defaultValue={value.date}
                  aria-label={`Milestone ${i + 1}: date`}
                  aria-invalid={err('date') ? true : undefined}
                  aria-describedby={describe(topError, 'date')}
                  className={inputClass}
                />
                <input
                  name={`milestones.${i}.title`}
                  defaultValue={value.title}
                  maxLength={200}
                  placeholder="What happened"
                  aria-label={`Milestone ${i + 1}: title`}
                  aria-invalid={err('title') ? true : undefined}
                  aria-describedby={describe(topError, 'title')}
                  className={inputClass}
                />
                <button
                  type="button"
                  onClick={() => remove(key)}
                  className={`${smallButton} justify-self-start`}
                  aria-label={`Remove milestone ${i + 1}`}
                >
                  Remove
                </button>
              </div>
              <FieldError id={topError} className="mt-1">
                {err('date') ?? err('title')}
              </FieldError>
              <textarea
                name={`milestones.${i}.description`}
                defaultValue={value.description}
                maxLength={2000}
                rows={2}
                placeholder="A sentence or two (optional)"
                aria-label={`Milestone ${i + 1}: description`}
                aria-invalid={err('description') ? true : undefined}
                aria-describedby={describe(bottomError, 'description')}
                className={`${inputClass} mt-2`}
              />
              <input
                name={`milestones.${i}.url`}
                type="url"
                inputMode="url"
                defaultValue={value.url}
                placeholder="https:// link (optional)"
                aria-label={`Milestone ${i + 1}: link`}
                aria-invalid={err('url') ? true : undefined}
                aria-describedby={describe(bottomError, 'url')}
                className={`${inputClass} mt-2`}
              />
              <FieldError id={bottomError} className="mt-1">
                {err('url') ?? err('description')}
              </FieldError>
            </li>
          );
        })}
      </ol>
      <SectionEvidence name="milestones" draft={draft} />
      {canAdd && (
        <button type="button" onClick={add} className={`${addButton} mt-3`}>
          + Add a milestone
        </button>
      )}
    </SubSection>
  );
}
