'use client';
import Link from 'next/link';
import { useActionState } from 'react';
import { submitUrlAction, type SubmitUrlState } from '@/lib/actions/submit';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, inputClassLg } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';

export function SubmitUrlForm({ initialUrl = '', initialError }: { initialUrl?: string; initialError?: string }) {
  const [state, action, pending] = useActionState<SubmitUrlState, FormData>(
    submitUrlAction,
    idleState({ values: { url: initialUrl }, fieldErrors: initialError ? { url: initialError } : undefined }),
  );
  const error = state.fieldErrors?.url;
  const hint = 'Your home page is best. It takes a few seconds; nothing is published until you say so.';
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
          defaultValue={state.values?.url}
          placeholder="https://yourproduct.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('site-url', error, hint)}
          className={`${inputClassLg} min-w-0 flex-1`}
        />
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Starting…' : 'Draft my listing'}
        </Button>
      </div>
      {error ? (
        <FieldError id="site-url-error" className="">
          {error}
          {state.data?.listing_id && (
            <>
              {' '}
              <Link href={`/account/listings/${state.data.listing_id}`} className="font-semibold underline">
                Open your listing
              </Link>
            </>
          )}
        </FieldError>
      ) : (
        <p id="site-url-hint" className="text-xs text-stone-600">
          {hint}
        </p>
      )}
    </form>
  );
}
