'use client';
// The invited co-founder's own founder profile: name, role, bio, photo and links.
import { useActionState, useState } from 'react';
import { acceptInviteAction, type AcceptState, type ProfileValues } from '@/lib/actions/invites';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass, labelClass } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-status';
import { SafeImage } from './safe-image';
import { SocialsEditor } from './socials-editor';

export function CofounderForm({
  token,
  productName,
  initial,
  accepted,
  drafted = [],
}: {
  token: string;
  productName: string;
  initial: ProfileValues;
  accepted: boolean;
  /** Founders the draft names that no account has claimed: the invitee says which one they are. */
  drafted?: string[];
}) {
  const [state, action, pending] = useActionState<AcceptState, FormData>(acceptInviteAction, idleState({ nonce: 0 }));
  const v = state.values ?? initial;
  const [photo, setPhoto] = useState(v.photo_url);
  const e = state.fieldErrors ?? {};
  const done = state.status === 'ok';
  return (
    <form action={action} noValidate className="space-y-4" key={state.nonce}>
      <input type="hidden" name="token" value={token} />
      {(done || accepted) && (
        <p
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          data-testid="invite-accepted"
        >
          {done ? `You're on ${productName} as a founder. ` : `You joined ${productName}. `}
          Changes you save here update your founder profile.
        </p>
      )}
      <FormError message={state.status === 'error' ? state.message : undefined} />
      <div className="flex items-center gap-4">
        <SafeImage
          src={photo}
          alt="Your photo"
          className="h-16 w-16 shrink-0 rounded-full border border-stone-200 object-cover"
          fallback={
            <span
              aria-hidden
              className="grid h-16 w-16 shrink-0 place-items-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700"
            >
              {v.name.trim().charAt(0).toUpperCase() || '?'}
            </span>
          }
        />
        <p className="text-sm text-stone-600">
          A clear photo of your face makes the listing (and the founder story) more trustworthy.
        </p>
      </div>
      {drafted.length > 0 && !accepted && (
        <Field
          id="cf-replaces"
          label={`Are you one of the founders ${productName} lists?`}
          hint="Choose yourself: your profile takes that place, and what it says (name, role, bio, photo, links) fills the fields you leave empty."
        >
          <select
            id="cf-replaces"
            name="replaces"
            defaultValue={
              v.replaces ?? drafted.find((n) => n.trim().toLowerCase() === v.name.trim().toLowerCase()) ?? ''
            }
            aria-describedby="cf-replaces-hint"
            className={inputClass}
          >
            <option value="">Not listed (or listed by the name I type below)</option>
            {drafted.map((n) => (
              <option key={n} value={n}>
                Yes: {n}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="cf-name" label="Your name" error={e.name}>
          <input
            id="cf-name"
            name="name"
            defaultValue={v.name}
            maxLength={100}
            required
            autoComplete="name"
            className={inputClass}
            aria-invalid={e.name ? true : undefined}
            aria-describedby={describedBy('cf-name', e.name)}
          />
        </Field>
        <Field id="cf-role" label="Role" error={e.role} hint="e.g. Co-founder & CTO">
          <input
            id="cf-role"
            name="role"
            defaultValue={v.role}
            maxLength={100}
            className={inputClass}
            aria-describedby={describedBy('cf-role', e.role, 'hint')}
          />
        </Field>
      </div>
      <Field id="cf-photo" label="Photo address" error={e.photo_url} hint="A link to a square photo (https://…).">
        <input
          id="cf-photo"
          name="photo_url"
          type="url"
          inputMode="url"
          defaultValue={v.photo_url}
          onInput={(ev) => setPhoto(ev.currentTarget.value)}
          className={inputClass}
          aria-invalid={e.photo_url ? true : undefined}
          aria-describedby={describedBy('cf-photo', e.photo_url, 'hint')}
        />
      </Field>
      <Field
        id="cf-bio"
        label="Short bio"
        error={e.bio}
        hint="Two or three sentences: what you did before and what you do here."
      >
        <textarea
          id="cf-bio"
          name="bio"
          defaultValue={v.bio}
          maxLength={3000}
          rows={3}
          className={inputClass}
          aria-describedby={describedBy('cf-bio', e.bio, 'hint')}
        />
      </Field>
      <div>
        <span className={labelClass}>Your links</span>
        <div className="mt-1">
          <SocialsEditor prefix="socials" initial={v.socials} errors={e} label="Your link" />
        </div>
      </div>
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? 'Saving…' : done || accepted ? 'Save my profile' : `Join ${productName}`}
      </Button>
    </form>
  );
}
