'use client';
import { useActionState } from 'react';
import { submitUrlAction, type SubmitUrlState } from '@/lib/actions/submit';

export function SubmitUrlForm({ initialUrl = '', initialError }: { initialUrl?: string; initialError?: string }) {
  const [state, action, pending] = useActionState<SubmitUrlState, FormData>(submitUrlAction, { url: initialUrl, error: initialError });
  return (
    <form action={action} noValidate className="space-y-3">
      <label htmlFor="site-url" className="block text-sm font-semibold text-stone-900">
        Your product&apos;s website
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id="site-url"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="url"
          autoFocus
          required
          maxLength={2000}
          defaultValue={state.url}
          placeholder="https://yourproduct.com"
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? 'site-url-error' : 'site-url-hint'}
          className="block w-full min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-4 py-3 text-base shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-400"
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded-xl bg-brand-500 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60"
        >
          {pending ? 'Starting…' : 'Draft my listing'}
        </button>
      </div>
      {state.error ? (
        <p id="site-url-error" role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      ) : (
        <p id="site-url-hint" className="text-xs text-stone-500">
          Your home page is best. It takes a few seconds; nothing is published until you say so.
        </p>
      )}
    </form>
  );
}
