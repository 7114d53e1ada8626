'use client';
import { useActionState } from 'react';
import { emailSignInAction, type EmailSignInState } from '@/lib/auth/actions';

export function EmailSignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<EmailSignInState, FormData>(emailSignInAction, {});
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-stone-800">
          Email address
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={state.email}
          placeholder="you@example.com"
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? 'email-error' : undefined}
          className="mt-1.5 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-xs placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-400 sm:text-sm"
        />
        {state.error && (
          <p id="email-error" role="alert" className="mt-1.5 text-sm text-red-700">
            {state.error}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={pending}
        className="flex w-full items-center justify-center rounded-lg bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60"
      >
        {pending ? 'Sending link…' : 'Email me a sign-in link'}
      </button>
    </form>
  );
}
