'use client';
import { useActionState, useState } from 'react';
import { createApiKeyAction, type CreateKeyState } from '@/lib/actions/api-keys';
import { SCOPES, scopeDescriptions } from '@/lib/auth/principal';
import { NewKeyNotice } from './new-key-notice';

export function CreateApiKeyForm() {
  const [state, action, pending] = useActionState<CreateKeyState, FormData>(createApiKeyAction, {});
  const [dismissed, setDismissed] = useState<string | null>(null);
  const created = state.created && state.created.key !== dismissed ? state.created : undefined;
  const chosen = state.values?.scopes ?? ['account:read'];

  return (
    <div className="space-y-4">
      {created && <NewKeyNotice created={created} onDone={() => setDismissed(created.key)} />}
      <form action={action} className="rounded-xl border border-stone-200 bg-white p-4 shadow-xs sm:p-6" noValidate>
        <h2 className="text-base font-semibold text-stone-900">Create a key</h2>
        {state.errors?.form && (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {state.errors.form}
          </p>
        )}
        <div className="mt-4">
          <label htmlFor="key-name" className="block text-sm font-medium text-stone-800">
            Name
          </label>
          <input
            id="key-name"
            name="name"
            maxLength={100}
            required
            defaultValue={state.values?.name}
            placeholder="e.g. Deploy script, Claude Desktop"
            aria-invalid={state.errors?.name ? true : undefined}
            aria-describedby={state.errors?.name ? 'key-name-error' : 'key-name-hint'}
            className="mt-1.5 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-400 sm:max-w-sm sm:text-sm"
          />
          {state.errors?.name ? (
            <p id="key-name-error" role="alert" className="mt-1.5 text-sm text-red-700">
              {state.errors.name}
            </p>
          ) : (
            <p id="key-name-hint" className="mt-1.5 text-xs text-stone-500">
              So you can tell your keys apart later.
            </p>
          )}
        </div>
        <fieldset className="mt-5" aria-describedby={state.errors?.scopes ? 'scopes-error' : undefined}>
          <legend className="text-sm font-medium text-stone-800">Scopes</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-3 hover:border-stone-300 has-checked:border-brand-500 has-checked:bg-brand-50"
              >
                <input type="checkbox" name="scopes" value={scope} defaultChecked={chosen.includes(scope)} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500" />
                <span>
                  <span className="block font-mono text-sm font-medium text-stone-900">{scope}</span>
                  <span className="mt-0.5 block text-xs text-stone-600">{scopeDescriptions[scope]}</span>
                </span>
              </label>
            ))}
          </div>
          {state.errors?.scopes && (
            <p id="scopes-error" role="alert" className="mt-1.5 text-sm text-red-700">
              {state.errors.scopes}
            </p>
          )}
        </fieldset>
        <div className="mt-5 flex justify-end sm:justify-start">
          <button
            type="submit"
            disabled={pending}
            className="w-full rounded-lg bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 sm:w-auto"
          >
            {pending ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
    </div>
  );
}
