'use client';
import { useActionState } from 'react';
import { updateProfileAction, type ProfileState } from '@/lib/actions/account';

export function ProfileForm({ name, email }: { name: string | null; email: string | null }) {
  const [state, action, pending] = useActionState<ProfileState, FormData>(updateProfileAction, {});
  return (
    <form action={action} className="rounded-xl border border-stone-200 bg-white p-5 shadow-xs" noValidate>
      <h2 className="text-base font-semibold text-stone-900">Profile</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="display-name" className="block text-sm font-medium text-stone-800">
            Display name
          </label>
          <input
            id="display-name"
            name="name"
            maxLength={80}
            defaultValue={state.name ?? name ?? ''}
            placeholder="Your name"
            autoComplete="name"
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? 'display-name-error' : undefined}
            className="mt-1.5 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-400 sm:text-sm"
          />
          {state.error && (
            <p id="display-name-error" role="alert" className="mt-1.5 text-sm text-red-700">
              {state.error}
            </p>
          )}
        </div>
        <div>
          <p className="block text-sm font-medium text-stone-800">Email</p>
          <p className="mt-1.5 truncate rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-600">{email}</p>
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-stone-900 px-4 py-2 text-sm font-medium text-white hover:bg-stone-700 disabled:opacity-60"
        >
          {pending ? 'Saving…' : 'Save'}
        </button>
        {state.saved && !pending && (
          <p role="status" className="text-sm text-green-700">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}
