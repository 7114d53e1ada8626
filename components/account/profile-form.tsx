'use client';
import { useUnsavedGuard } from '@/components/drafts/use-leave-guard';
import { useActionState } from 'react';
import { updateProfileAction, type ProfileState } from '@/lib/actions/account';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Field, inputClass, labelClass } from '@/components/ui/field';
import { FormStatus } from '@/components/ui/form-status';

export function ProfileForm({ name, email }: { name: string | null; email: string | null }) {
  const [state, action, pending] = useActionState<ProfileState, FormData>(updateProfileAction, idleState());
  const markUnsaved = useUnsavedGuard(state);
  const error = state.fieldErrors?.name;
  return (
    <form action={action} onInput={markUnsaved} className={`${cardClass} p-5`} noValidate>
      <h2 className="text-base font-semibold text-stone-900">Profile</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id="display-name" label="Display name" error={error}>
          <input
            id="display-name"
            name="name"
            maxLength={80}
            defaultValue={state.values?.name ?? name ?? ''}
            placeholder="Your name"
            autoComplete="name"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'display-name-error' : undefined}
            className={inputClass}
          />
        </Field>
        <div>
          <p className={labelClass}>Email</p>
          <p className="mt-1.5 truncate rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-600">
            {email}
          </p>
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <Button type="submit" variant="neutral" disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
        <FormStatus state={state.status === 'ok' && !pending ? state : { status: 'idle' }} />
      </div>
    </form>
  );
}
