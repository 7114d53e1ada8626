'use client';
// Reject or archive one listing with a reason the owner reads (at most 500 characters; the count
// shows as you type). Works without JavaScript: a plain form posting to the server action. A rejected
// listing can only be archived: the form then asks for the reason alone.
import { useActionState, useState } from 'react';
import { moderateListingAction, type ModerateState } from '@/lib/actions/admin';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { FormStatus } from '@/components/ui/form-status';

const MAX = 500;

const DECISIONS = [
  ['reject', 'Reject (breaks the rules)'],
  ['archive', 'Archive (gone or withdrawn)'],
] as const;

type Props = { listingId: number; listingName: string; rejected?: boolean };

export function ModerateForm({ listingId, listingName, rejected = false }: Props) {
  const [state, action, pending] = useActionState<ModerateState, FormData>(moderateListingAction, idleState());
  // Characters typed since the last answer (the form empties after a success: a new nonce).
  const [typed, setTyped] = useState<{ nonce?: number; n: number }>({ n: 0 });
  const length = typed.nonce === state.nonce ? typed.n : (state.values?.reason ?? '').length;
  const id = `moderate-${listingId}`;
  const reasonError = state.fieldErrors?.reason;
  const decisionError = state.fieldErrors?.decision;
  const hint = `The owner receives it by email and sees it in their account. ${length}/${MAX} characters.`;
  return (
    <form action={action} className="space-y-3" noValidate>
      <input type="hidden" name="id" value={listingId} />
      {rejected ? (
        <input type="hidden" name="decision" value="archive" />
      ) : (
        <fieldset aria-describedby={decisionError ? `${id}-decision-error` : undefined}>
          <legend className="text-sm font-medium text-stone-800">Decision for {listingName}</legend>
          {/* Keyed by the answer: a refusal keeps the decision chosen, a success clears it. */}
          <div key={state.nonce} className="mt-1.5 flex flex-wrap gap-4 text-sm">
            {DECISIONS.map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="decision"
                  value={value}
                  required
                  defaultChecked={state.values?.decision === value}
                  className="h-4 w-4 border-stone-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
          {decisionError && <FieldError id={`${id}-decision-error`}>{decisionError}</FieldError>}
        </fieldset>
      )}
      <Field
        id={`${id}-reason`}
        label={rejected ? `Reason for archiving ${listingName}` : 'Reason'}
        error={reasonError}
        hint={hint}
      >
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={MAX}
          required
          key={state.nonce}
          defaultValue={state.values?.reason ?? ''}
          onChange={(e) => setTyped({ nonce: state.nonce, n: e.currentTarget.value.length })}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={describedBy(`${id}-reason`, reasonError, hint)}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          {pending ? 'Saving…' : rejected ? 'Archive' : 'Apply decision'}
        </Button>
        {/* A decision made is said at the page's top (flash notice); here only a refusal without a field. */}
        <FormStatus state={state.status === 'error' && !reasonError ? state : { status: 'idle' }} />
      </div>
    </form>
  );
}
