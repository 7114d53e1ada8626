'use client';
import { useActionState, useState } from 'react';
import { createApiKeyAction, type CreateKeyState } from '@/lib/actions/api-keys';
import { idleState } from '@/lib/actions/state';
import { SCOPES, scopeDescriptions } from '@/lib/auth/principal';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { FormError } from '@/components/ui/form-status';
import { NewKeyNotice } from './new-key-notice';

export function CreateApiKeyForm() {
  const [state, action, pending] = useActionState<CreateKeyState, FormData>(createApiKeyAction, idleState());
  const [dismissed, setDismissed] = useState<string | null>(null);
  const created = state.data && state.data.key !== dismissed ? state.data : undefined;
  const chosen = state.values?.scopes ?? ['account:read'];
  const errors = state.fieldErrors ?? {};
  const hint = 'So you can tell your keys apart later.';

  return (
    <div className="space-y-4">
      {created && <NewKeyNotice created={created} onDone={() => setDismissed(created.key)} />}
      <form action={action} className={`${cardClass} p-4 sm:p-6`} noValidate>
        <h2 className="text-base font-semibold text-stone-900">Create a key</h2>
        <FormError message={state.status === 'error' ? state.message : undefined} className="mt-3" />
        <Field id="key-name" label="Name" error={errors.name} hint={hint} className="mt-4">
          <input
            id="key-name"
            name="name"
            maxLength={100}
            required
            defaultValue={state.values?.name}
            placeholder="e.g. Deploy script, Claude Desktop"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('key-name', errors.name, hint)}
            className={`${inputClass} sm:max-w-sm`}
          />
        </Field>
        <fieldset className="mt-5" aria-describedby={errors.scopes ? 'scopes-error' : undefined}>
          <legend className="text-sm font-medium text-stone-800">Scopes</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-3 hover:border-stone-300 has-checked:border-brand-500 has-checked:bg-brand-50"
              >
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={chosen.includes(scope)}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                />
                <span>
                  <span className="block font-mono text-sm font-medium text-stone-900">{scope}</span>
                  <span className="mt-0.5 block text-xs text-stone-600">{scopeDescriptions[scope]}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="scopes-error">{errors.scopes}</FieldError>
        </fieldset>
        <div className="mt-5 flex justify-end sm:justify-start">
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? 'Creating…' : 'Create key'}
          </Button>
        </div>
      </form>
    </div>
  );
}
