'use client';
import { useActionState } from 'react';
import { emailSignInAction, type EmailSignInState } from '@/lib/actions/auth';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';

export function EmailSignInForm({ callbackUrl, defaultEmail }: { callbackUrl: string; defaultEmail?: string }) {
  const [state, action, pending] = useActionState<EmailSignInState, FormData>(emailSignInAction, idleState());
  const error = state.fieldErrors?.email;
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field id="email" label="Email address" error={error}>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={state.values?.email ?? defaultEmail}
          placeholder="you@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-error' : undefined}
          className={inputClass}
        />
      </Field>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Sending link…' : 'Email me a sign-in link'}
      </Button>
    </form>
  );
}
