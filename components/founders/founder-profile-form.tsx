'use client';
// The founder's own profile: name, role, bio, links and a photo upload, in one form that also works
// without JavaScript (a multipart server action). What is missing for a complete profile is said
// at the field where it is fixed.
import { useUnsavedGuard } from '@/components/drafts/use-leave-guard';
import { useActionState, useEffect, useRef, useState } from 'react';
import { saveFounderProfileAction, type FounderProfileState } from '@/lib/actions/founder';
import { idleState } from '@/lib/actions/state';
import { PLATFORMS } from '@/lib/drafts/types';
import type { ProfileMissing, ProfileRequiredField } from '@/lib/founders/completeness';
import { PLATFORM_LABELS } from '@/components/drafts/labels';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { describedBy, Field, inputClass, labelClass } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { FormError, FormStatus } from '@/components/ui/form-status';

const MAX_PHOTO_MB = 5;

export type ProfileFormValues = {
  name: string;
  role: string;
  bio: string;
  photoUrl: string | null;
  socials: Record<string, string>;
};

export function FounderProfileForm({ profile, missing }: { profile: ProfileFormValues; missing: ProfileMissing[] }) {
  const [state, action, pending] = useActionState<FounderProfileState, FormData>(saveFounderProfileAction, idleState());
  const markUnsaved = useUnsavedGuard(state);
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const errors = state.fieldErrors ?? {};
  const v = (name: string, fallback: string) => state.values?.[name] ?? fallback;
  const needed = new Set(missing.map((m) => m.field));
  const hint = (field: ProfileRequiredField, text?: string) =>
    needed.has(field) ? (
      <span className="font-medium text-amber-800">Needed for a complete profile.{text ? ` ${text}` : ''}</span>
    ) : (
      text
    );
  const photoError = localError ?? errors.photo;

  useEffect(() => {
    if (state.status === 'ok' && fileRef.current) {
      fileRef.current.value = '';
      setPreview(null);
    }
  }, [state]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function onPhotoChange(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setLocalError(null);
    setPreview(null);
    if (!file) return;
    if (file.size > MAX_PHOTO_MB * 1024 * 1024) {
      setLocalError(`The photo is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_PHOTO_MB} MB.`);
      e.target.value = '';
      return;
    }
    setPreview(URL.createObjectURL(file));
  }

  return (
    <form
      action={action}
      onInput={markUnsaved}
      className={`${cardClass} space-y-5 p-5 sm:p-6`}
      aria-label="Founder profile"
      noValidate
    >
      <FormError message={state.status === 'error' ? state.message : undefined} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="name" label="Name" error={errors.name} hint={hint('name')}>
          <input
            id="name"
            name="name"
            required
            maxLength={120}
            autoComplete="name"
            defaultValue={v('name', profile.name)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name', errors.name, needed.has('name'))}
            className={inputClass}
          />
        </Field>
        <Field id="role" label="Role" error={errors.role} hint={hint('role', 'For example Founder, CEO or CTO.')}>
          <input
            id="role"
            name="role"
            maxLength={120}
            autoComplete="organization-title"
            defaultValue={v('role', profile.role)}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={describedBy('role', errors.role, true)}
            className={inputClass}
          />
        </Field>
      </div>
      <Field
        id="bio"
        label="Bio"
        error={errors.bio}
        hint={hint('bio', 'A few sentences about you, at most 2000 characters.')}
      >
        <textarea
          id="bio"
          name="bio"
          rows={5}
          maxLength={2000}
          defaultValue={v('bio', profile.bio)}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={describedBy('bio', errors.bio, true)}
          className={inputClass}
        />
      </Field>

      <div className="flex flex-wrap items-start gap-4">
        {preview || profile.photoUrl ? (
          <img
            src={preview ?? profile.photoUrl!}
            alt={preview ? 'The photo you chose (not saved yet)' : 'Your current photo'}
            width={96}
            height={96}
            className="h-24 w-24 shrink-0 rounded-2xl border border-stone-200 bg-white object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="grid h-24 w-24 shrink-0 place-items-center rounded-2xl border border-dashed border-stone-300 text-xs text-stone-500"
          >
            No photo
          </span>
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor="photo" className={labelClass}>
            {profile.photoUrl ? 'Replace your photo' : 'Upload a photo'}
          </label>
          <input
            ref={fileRef}
            id="photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={onPhotoChange}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? 'photo-error' : 'photo-hint'}
            className="mt-1.5 block w-full text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-stone-900 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-stone-700"
          />
          {photoError ? (
            <FieldError id="photo-error">{photoError}</FieldError>
          ) : (
            <p id="photo-hint" className="mt-1.5 text-xs text-stone-600">
              {hint(
                'photo',
                `JPEG, PNG or WebP, up to ${MAX_PHOTO_MB} MB. We resize it to 512 pixels and remove its metadata.`,
              )}
            </p>
          )}
        </div>
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Your links</legend>
        <p className="mt-0.5 text-xs text-stone-600">Each a link starting with https://. Leave blank to remove.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {PLATFORMS.map((p) => {
            const name = `socials.${p}`;
            const id = `socials-${p}`;
            return (
              <div key={p}>
                <label htmlFor={id} className="block text-xs font-medium text-stone-700">
                  {PLATFORM_LABELS[p]}
                </label>
                <input
                  id={id}
                  name={name}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  defaultValue={v(name, profile.socials[p] ?? '')}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `${id}-error` : undefined}
                  className={`${inputClass} mt-1`}
                />
                <FieldError id={`${id}-error`} className="mt-1">
                  {errors[name]}
                </FieldError>
              </div>
            );
          })}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending || Boolean(localError)}>
          {pending ? 'Saving…' : 'Save profile'}
        </Button>
        <FormStatus state={state.status === 'ok' && !pending ? state : { status: 'idle' }} />
      </div>
    </form>
  );
}
