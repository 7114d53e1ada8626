'use client';
// On a listing's request for another look: the site team keeps its decision and answers the owner
// (mailed; the request closes). Restore is the other answer. Works without JavaScript.
import { useActionState } from 'react';
import { answerReviewAction, type AnswerReviewState } from '@/lib/actions/admin';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FormStatus } from '@/components/ui/form-status';

const MAX = 500;

export function AnswerReviewForm({
  listingId,
  listingName,
  status,
}: {
  listingId: number;
  listingName: string;
  status: string;
}) {
  const [state, action, pending] = useActionState<AnswerReviewState, FormData>(answerReviewAction, idleState());
  const id = `answer-${listingId}`;
  const error = state.fieldErrors?.answer;
  const hint = `The owner receives it by email; ${listingName} stays ${status}. At most ${MAX} characters.`;
  return (
    <form action={action} className="mt-3 space-y-2" noValidate>
      <input type="hidden" name="id" value={listingId} />
      <Field id={id} label={`Answer without restoring ${listingName}`} error={error} hint={hint}>
        <textarea
          id={id}
          name="answer"
          rows={2}
          maxLength={MAX}
          required
          key={state.nonce}
          defaultValue={state.values?.answer ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? 'Sending…' : `Keep it ${status} and answer`}
        </Button>
        <FormStatus state={state.status === 'error' && error ? { status: 'idle' } : state} />
      </div>
    </form>
  );
}
