'use client';
// Main competitor and search-engine text.
import type { DraftView } from '@/lib/drafts/types';
import type { EditorValues } from '@/lib/drafts/form-values';
import { inputClass, labelClass } from '@/components/ui/field';
import { SectionEvidence, SectionHeader, SubSection } from './section-card';
import { FieldError } from '@/components/ui/field-error';

export function CompetitorEditor({
  draft,
  initial,
  errors,
  pending,
}: {
  draft: DraftView;
  initial: string;
  errors: Record<string, string>;
  pending: boolean;
}) {
  return (
    <SubSection name="competitor_url">
      <SectionHeader
        name="competitor_url"
        draft={draft}
        pending={pending}
        description="The product people compare you with most. Leave blank if none."
      />
      <input
        name="competitor_url"
        type="url"
        inputMode="url"
        defaultValue={initial}
        placeholder="https://competitor.com"
        aria-label="Main competitor's website"
        aria-invalid={errors.competitor_url ? true : undefined}
        className={inputClass}
      />
      <FieldError className="mt-1">{errors.competitor_url}</FieldError>
      <SectionEvidence name="competitor_url" draft={draft} />
    </SubSection>
  );
}

export function SeoEditor({
  draft,
  initial,
  errors,
  pending,
}: {
  draft: DraftView;
  initial: EditorValues['seo'];
  errors: Record<string, string>;
  pending: boolean;
}) {
  const kw = Object.entries(errors).find(([k]) => k.startsWith('seo.keywords'))?.[1];
  return (
    <SubSection name="seo">
      <SectionHeader
        name="seo"
        draft={draft}
        pending={pending}
        description="How your product page appears in search results."
      />
      <div className="space-y-3">
        <div>
          <label htmlFor="seo-title" className={labelClass}>
            Title <span className="font-normal text-stone-500">(up to 70 characters)</span>
          </label>
          <input
            id="seo-title"
            name="seo.title"
            defaultValue={initial.title}
            maxLength={70}
            aria-invalid={errors['seo.title'] ? true : undefined}
            className={`${inputClass} mt-1`}
          />
          <FieldError className="mt-1">{errors['seo.title']}</FieldError>
        </div>
        <div>
          <label htmlFor="seo-description" className={labelClass}>
            Description <span className="font-normal text-stone-500">(up to 320 characters)</span>
          </label>
          <textarea
            id="seo-description"
            name="seo.description"
            defaultValue={initial.description}
            maxLength={320}
            rows={2}
            aria-invalid={errors['seo.description'] ? true : undefined}
            className={`${inputClass} mt-1`}
          />
          <FieldError className="mt-1">{errors['seo.description']}</FieldError>
        </div>
        <div>
          <label htmlFor="seo-keywords" className={labelClass}>
            Keywords <span className="font-normal text-stone-500">(comma-separated, up to 20)</span>
          </label>
          <input
            id="seo-keywords"
            name="seo.keywords"
            defaultValue={initial.keywords}
            placeholder="meeting notes, transcription"
            aria-invalid={kw ? true : undefined}
            className={`${inputClass} mt-1`}
          />
          <FieldError className="mt-1">{kw}</FieldError>
        </div>
      </div>
      <SectionEvidence name="seo" draft={draft} />
    </SubSection>
  );
}
