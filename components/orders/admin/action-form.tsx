'use client';
// A site-team form: the server renders the inputs, the action answers an ActionState shown here
// (works without JavaScript too: the form posts to the server action). With JavaScript the fields are
// kept after a refusal (React resets a form after its action: a wrong date emptied the whole promo
// form) and cleared after a success.
import { startTransition, useActionState, useEffect, useRef } from 'react';
import { idleState, type ActionState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormError, FormStatus } from '@/components/ui/form-status';

type Props = {
  action: (prev: ActionState, fd: FormData) => Promise<ActionState>;
  submit: string;
  label?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  className?: string;
  children?: React.ReactNode;
};

export function ActionForm({ action, submit, label, variant = 'primary', className = '', children }: Props) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(action, idleState());
  const errors = Object.entries(state.fieldErrors ?? {});
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.status === 'ok') form.current?.reset();
  }, [state]);
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    startTransition(() => formAction(fd));
  };
  return (
    <form ref={form} action={formAction} onSubmit={onSubmit} aria-label={label} className={className} noValidate>
      <FormError message={state.status === 'error' ? state.message : undefined} className="mb-2" />
      {errors.length > 1 && (
        <ul className="mb-2 text-sm text-red-700">
          {errors.map(([k, v]) => (
            <li key={k}>
              {k}: {v}
            </li>
          ))}
        </ul>
      )}
      {children}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="submit" variant={variant} size="sm" disabled={pending}>
          {pending ? 'Working…' : submit}
        </Button>
        <FormStatus state={state.status === 'ok' ? state : { status: 'idle' }} />
      </div>
    </form>
  );
}
