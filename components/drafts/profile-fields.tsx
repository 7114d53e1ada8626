'use client';
// The profile fields of the editor (basics and company facts), each in a FieldCard.
import { useState } from 'react';
import type { DraftView, ProfileField } from '@/lib/drafts/types';
import type { EditorValues } from '@/lib/drafts/form-values';
import { inputClass } from '@/components/ui/field';
import { FieldCard } from './field-card';
import { SafeImage } from './safe-image';

type Spec = {
  kind: 'text' | 'textarea' | 'url' | 'email' | 'year';
  max: number;
  rows?: number;
  hint?: string;
  placeholder?: string;
};

/** The site's own words, the same in the draft editor and on the listing's page (its limits stated). */
export const SITE_TEXT_SPECS = {
  headline: { kind: 'text', max: 140, hint: 'One line that says what it does, up to 140 characters.' },
  summary: {
    kind: 'textarea',
    max: 600,
    rows: 3,
    hint: 'Two or three sentences for cards and search results, up to 600 characters.',
  },
  description: {
    kind: 'textarea',
    max: 10000,
    rows: 7,
    hint: 'The full description on your product page, up to 10,000 characters.',
  },
} satisfies Record<string, Spec>;

const SPECS: Record<Exclude<ProfileField, 'categories'>, Spec> = {
  name: { kind: 'text', max: 100, placeholder: 'Your product’s name' },
  ...SITE_TEXT_SPECS,
  pricing: { kind: 'textarea', max: 300, rows: 2, placeholder: 'Free plan; Pro from $12 per user per month' },
  founded_year: { kind: 'year', max: 4, placeholder: '2021' },
  headquarters: { kind: 'text', max: 150, placeholder: 'City, Country' },
  team_size: { kind: 'text', max: 40, placeholder: '2-10' },
  company_name: { kind: 'text', max: 150 },
  logo_url: { kind: 'url', max: 2000, placeholder: 'https://…/logo.png', hint: 'A square image works best.' },
  contact_email: { kind: 'email', max: 254, placeholder: 'hello@yourproduct.com' },
};

export type ProfileFieldsProps = {
  draft: DraftView;
  values: EditorValues;
  errors: Record<string, string>;
  pending: boolean;
};

function canRestore(f: DraftView['fields'][ProfileField]) {
  return f.ai_value !== null && f.state !== 'ai';
}

function LogoPreview({ url }: { url: string }) {
  return (
    <SafeImage
      src={url}
      alt="Logo preview"
      className="h-10 w-10 shrink-0 rounded-lg border border-stone-200 bg-white object-contain"
      fallback={
        <span
          aria-hidden
          className="grid h-10 w-10 shrink-0 place-items-center rounded-lg border border-dashed border-stone-300 text-[10px] text-stone-600"
        >
          logo
        </span>
      }
    />
  );
}

export function ProfileInput({
  name,
  draft,
  values,
  errors,
  pending,
}: ProfileFieldsProps & { name: Exclude<ProfileField, 'categories'> }) {
  const spec = SPECS[name];
  const f = draft.fields[name];
  const [logo, setLogo] = useState(values.fields.logo_url);
  return (
    <FieldCard
      name={name}
      state={f.state}
      evidence={f.evidence}
      canRestore={canRestore(f)}
      suggestion={f.suggestion}
      aiValue={f.ai_value}
      refused={f.refused}
      error={errors[`fields.${name}`]}
      hint={spec.hint}
      pending={pending}
    >
      {({ id, describedBy, invalid, onDirty }) => {
        const common = {
          id,
          name: `fields.${name}`,
          defaultValue: values.fields[name],
          placeholder: spec.placeholder,
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy || undefined,
          className: inputClass,
        };
        if (spec.kind === 'textarea')
          return <textarea {...common} rows={spec.rows} maxLength={spec.max} onInput={onDirty} />;
        if (spec.kind === 'url')
          return (
            <div className="flex items-center gap-3">
              <LogoPreview url={logo} />
              <input
                {...common}
                type="url"
                inputMode="url"
                maxLength={spec.max}
                onInput={(e) => {
                  onDirty();
                  setLogo(e.currentTarget.value);
                }}
              />
            </div>
          );
        return (
          <input
            {...common}
            type={spec.kind === 'email' ? 'email' : 'text'}
            inputMode={spec.kind === 'year' ? 'numeric' : spec.kind === 'email' ? 'email' : undefined}
            maxLength={spec.max}
            className={spec.kind === 'year' ? `${inputClass} sm:max-w-32` : inputClass}
            onInput={onDirty}
          />
        );
      }}
    </FieldCard>
  );
}

export function CategoriesInput({
  draft,
  values,
  errors,
  pending,
  categories,
}: ProfileFieldsProps & { categories: string[] }) {
  const f = draft.fields.categories;
  const chosen = values.fields.categories;
  const options = [...new Set([...categories, ...chosen])];
  const error =
    errors['fields.categories'] ??
    errors['fields.categories.0'] ??
    errors['fields.categories.1'] ??
    errors['fields.categories.2'];
  return (
    <FieldCard
      name="categories"
      state={f.state}
      evidence={f.evidence}
      canRestore={canRestore(f)}
      suggestion={f.suggestion}
      aiValue={f.ai_value}
      refused={f.refused}
      error={error}
      hint="Up to 3. The first is where your product is listed."
      pending={pending}
    >
      {({ id, describedBy, invalid, onDirty }) => (
        <div className="grid gap-2 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <select
              key={i}
              id={i === 0 ? id : undefined}
              aria-label={i === 0 ? undefined : `Category ${i + 1}`}
              name="fields.categories"
              defaultValue={chosen[i] ?? ''}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy || undefined}
              onChange={onDirty}
              className={inputClass}
            >
              <option value="">{i === 0 ? 'Primary category…' : 'Optional…'}</option>
              {options.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          ))}
        </div>
      )}
    </FieldCard>
  );
}
