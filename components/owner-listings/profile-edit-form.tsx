'use client';
// The listing's edit form: company facts, this site's words, links, FAQs, and the other sites to apply
// the change to. One form that works without JavaScript; the server action sends only what changed,
// with the version the form was loaded at. A refusal keeps what was typed; leaving with unsaved
// changes asks first.
import { useActionState, useCallback, useEffect, useRef, useState } from 'react';
import { saveListingAction, type ListingEditState } from '@/lib/actions/my-listings';
import { idleState } from '@/lib/actions/state';
import { FIELD_LABELS } from '@/lib/drafts/field-labels';
import { MAX_FAQS } from '@/lib/drafts/types';
import { listingToFormValues, type ListingFormValues, type TextField } from '@/lib/owner-listings/form-values';
import type { MyListing } from '@/lib/owner-listings/view';
import { SocialsEditor } from '@/components/drafts/socials-editor';
import { useLeaveGuard } from '@/components/drafts/use-leave-guard';
import { DirtyContext } from '@/components/drafts/use-rows';
import { SITE_TEXT_SPECS } from '@/components/drafts/profile-fields';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass, labelClass } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { FormError, FormStatus } from '@/components/ui/form-status';

type Spec = { kind: 'text' | 'textarea' | 'url' | 'email' | 'year'; max: number; rows?: number; hint?: string };

const SPECS: Record<TextField, Spec> = {
  ...SITE_TEXT_SPECS,
  company_name: { kind: 'text', max: 150 },
  founded_year: { kind: 'year', max: 4 },
  headquarters: { kind: 'text', max: 150, hint: 'City, Country' },
  team_size: { kind: 'text', max: 40, hint: 'For example 2-10' },
  pricing: { kind: 'textarea', max: 300, rows: 2 },
  contact_email: { kind: 'email', max: 254 },
  logo_url: { kind: 'url', max: 2000, hint: 'The web address of a square image (https:// works best).' },
};

const SITE_TEXT: TextField[] = ['headline', 'summary', 'description'];
const COMPANY_TEXT: TextField[] = [
  'company_name',
  'founded_year',
  'headquarters',
  'team_size',
  'pricing',
  'contact_email',
  'logo_url',
];

function TextInput({ name, value, error }: { name: TextField; value: string; error?: string }) {
  const spec = SPECS[name];
  const id = `listing-${name.replace(/_/g, '-')}`;
  const common = {
    id,
    name: `fields.${name}`,
    defaultValue: value,
    maxLength: spec.max,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, spec.hint),
    className: inputClass,
  };
  return (
    <Field id={id} label={FIELD_LABELS[name]} error={error} hint={spec.hint}>
      {spec.kind === 'textarea' ? (
        <textarea rows={spec.rows} {...common} />
      ) : (
        <input
          type={spec.kind === 'year' ? 'text' : spec.kind}
          inputMode={spec.kind === 'year' ? 'numeric' : undefined}
          autoComplete={spec.kind === 'email' ? 'off' : undefined}
          {...common}
        />
      )}
    </Field>
  );
}

export function ProfileEditForm({ listing, categories }: { listing: MyListing; categories: string[] }) {
  const [state, action, pending] = useActionState<ListingEditState, FormData>(
    saveListingAction,
    idleState({ nonce: 0 }),
  );
  const [dirty, setDirty] = useState(false);
  const markDirty = useCallback(() => setDirty(true), []);
  // A successful save settles the unsaved mark (adjusted while rendering, once per action result).
  const [seenNonce, setSeenNonce] = useState(state.nonce);
  if (state.nonce !== seenNonce) {
    setSeenNonce(state.nonce);
    if (state.status === 'ok') setDirty(false);
  }
  useLeaveGuard(dirty);
  // After a refusal, the keyboard goes to the first field that needs fixing (as in the draft editor).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.status !== 'error' || !state.fieldErrors || !Object.keys(state.fieldErrors).length) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [state]);

  const typed = state.status === 'error' ? state.values : undefined;
  // Just saved: what the save answered, unless the page has since brought a newer listing.
  const saved = state.status === 'ok' && state.data && state.data.version >= listing.version ? state.data : undefined;
  const values: ListingFormValues = typed ?? saved?.values ?? listingToFormValues(listing);
  const applyTo = typed?.apply_to ?? [];
  const errors = state.fieldErrors ?? {};
  const version = saved?.version ?? listing.version;
  const options = [...new Set([...categories, ...values.fields.categories])];
  const categoryError =
    errors['fields.categories'] ??
    errors['fields.categories.0'] ??
    errors['fields.categories.1'] ??
    errors['fields.categories.2'];
  const faqRows = [...values.faqs, ...Array.from({ length: MAX_FAQS }, () => ({ question: '', answer: '' }))].slice(
    0,
    MAX_FAQS,
  );

  return (
    <DirtyContext.Provider value={markDirty}>
      <form
        ref={formRef}
        action={action}
        noValidate
        aria-labelledby="profile-edit-heading"
        onInput={markDirty}
        onChange={markDirty}
        className="space-y-6"
      >
        <input type="hidden" name="listing_id" value={listing.id} />
        <input type="hidden" name="version" value={version} />
        {state.status === 'error' && (
          <div id="profile-edit-error" className="scroll-mt-24">
            <FormError message={state.message} />
          </div>
        )}
        {/* Remount after each submission: the inputs show what was saved, or what was typed when refused. */}
        <div key={state.nonce} className="space-y-6">
          <fieldset className="min-w-0 space-y-4">
            <legend className="text-base font-semibold text-stone-900">On this site</legend>
            {SITE_TEXT.map((name) => (
              <TextInput key={name} name={name} value={values.fields[name]} error={errors[`fields.${name}`]} />
            ))}
            <div>
              <label htmlFor="listing-categories" className={labelClass}>
                Categories
              </label>
              <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
                {[0, 1, 2].map((i) => (
                  <select
                    key={i}
                    id={i === 0 ? 'listing-categories' : undefined}
                    aria-label={i === 0 ? undefined : `Category ${i + 1}`}
                    name="fields.categories"
                    defaultValue={values.fields.categories[i] ?? ''}
                    aria-invalid={categoryError ? true : undefined}
                    aria-describedby={categoryError ? 'listing-categories-error' : 'listing-categories-hint'}
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
              {categoryError ? (
                <FieldError id="listing-categories-error">{categoryError}</FieldError>
              ) : (
                <p id="listing-categories-hint" className="mt-1.5 text-xs text-stone-600">
                  Up to 3. The first is where your product is listed.
                </p>
              )}
            </div>
          </fieldset>

          <fieldset className="min-w-0 space-y-4">
            <legend className="text-base font-semibold text-stone-900">Company facts</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {COMPANY_TEXT.map((name) => (
                <TextInput key={name} name={name} value={values.fields[name]} error={errors[`fields.${name}`]} />
              ))}
            </div>
          </fieldset>

          <fieldset className="min-w-0 space-y-2">
            <legend className="text-base font-semibold text-stone-900">Company links</legend>
            <FieldError>{errors.socials}</FieldError>
            <SocialsEditor
              prefix="socials"
              label="Company link"
              errors={errors}
              initial={[...values.socials, { platform: 'website', url: '' }].filter(
                (r, i, all) => r.url || all.findIndex((x) => x.platform === r.platform) === i,
              )}
            />
          </fieldset>

          <fieldset className="min-w-0 space-y-3">
            <legend className="text-base font-semibold text-stone-900">Questions and answers</legend>
            <p className="text-sm text-stone-600">At most {MAX_FAQS}. Leave a row empty to remove it.</p>
            <FieldError>{errors.faqs}</FieldError>
            <ol className="space-y-3">
              {faqRows.map((f, i) => (
                <li key={i} className="grid gap-2 rounded-xl border border-stone-200 p-3">
                  <Field id={`faq-${i}-question`} label={`Question ${i + 1}`} error={errors[`faqs.${i}.question`]}>
                    <input
                      id={`faq-${i}-question`}
                      name={`faqs.${i}.question`}
                      defaultValue={f.question}
                      maxLength={300}
                      aria-invalid={errors[`faqs.${i}.question`] ? true : undefined}
                      aria-describedby={describedBy(`faq-${i}-question`, errors[`faqs.${i}.question`])}
                      className={inputClass}
                    />
                  </Field>
                  <Field id={`faq-${i}-answer`} label={`Answer ${i + 1}`} error={errors[`faqs.${i}.answer`]}>
                    <textarea
                      id={`faq-${i}-answer`}
                      name={`faqs.${i}.answer`}
                      defaultValue={f.answer}
                      rows={2}
                      maxLength={3000}
                      aria-invalid={errors[`faqs.${i}.answer`] ? true : undefined}
                      aria-describedby={describedBy(`faq-${i}-answer`, errors[`faqs.${i}.answer`])}
                      className={inputClass}
                    />
                  </Field>
                </li>
              ))}
            </ol>
          </fieldset>

          {listing.other_sites.length > 0 && (
            <fieldset className="rounded-xl border border-stone-200 bg-stone-50 p-4">
              <legend className="px-1 text-base font-semibold text-stone-900">Also apply to</legend>
              <p id="apply-to-hint" className="text-sm text-stone-600">
                The company facts, links and questions you change here are copied to your listing of this product on the
                sites you tick. The headline, summary, description and categories stay with this site.
              </p>
              <ul className="mt-3 space-y-2">
                {listing.other_sites.map((s) => (
                  <li key={s.site_key} className="flex items-center gap-2">
                    <input
                      id={`apply-to-${s.site_key}`}
                      type="checkbox"
                      name="apply_to"
                      value={s.site_key}
                      defaultChecked={applyTo.includes(s.site_key)}
                      aria-describedby="apply-to-hint"
                      className="h-4 w-4 rounded border-stone-400 text-brand-700 focus:ring-brand-600"
                    />
                    <label htmlFor={`apply-to-${s.site_key}`} className="text-sm text-stone-800">
                      {s.site_name} <span className="text-stone-600">(listing #{s.listing_id})</span>
                    </label>
                  </li>
                ))}
              </ul>
              <FieldError>{errors.apply_to ?? errors['apply_to.0']}</FieldError>
            </fieldset>
          )}
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save changes'}
          </Button>
          <FormStatus state={state.status === 'ok' ? state : { status: 'idle' }} data-testid="profile-edit-status">
            {pending ? 'Saving…' : undefined}
          </FormStatus>
          {dirty && !pending && <span className="text-sm text-amber-800">Unsaved changes</span>}
          {/* The reason is at the top of the form, out of sight from here on a long form. */}
          {state.status === 'error' && !pending && (
            <a href="#profile-edit-error" className="text-sm font-medium text-red-700 underline underline-offset-2">
              Not saved: see why
            </a>
          )}
        </div>
      </form>
    </DirtyContext.Provider>
  );
}
