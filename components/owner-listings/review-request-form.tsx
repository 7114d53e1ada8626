'use client';
// On a rejected listing: once fixed, ask the site team for another look (they are mailed the message).
import { useActionState } from 'react';
import { requestReviewAction, type ReviewRequestState } from '@/lib/actions/my-listings';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FormStatus } from '@/components/ui/form-status';

export function ReviewRequestForm({ listingId }: { listingId: number }) {
  const [state, action, pending] = useActionState<ReviewRequestState, FormData>(requestReviewAction, idleState());
  const error = state.fieldErrors?.message;
  const hint = 'Fix what the reason says first (edit the listing below), then tell the site team what you changed.';
  return (
    <form action={action} className="mt-3 space-y-2" aria-label="Ask the site team for another look" noValidate>
      <input type="hidden" name="listing_id" value={listingId} />
      <Field id="review-message" label="Ask for another look" error={error} hint={hint}>
        <textarea
          id="review-message"
          name="message"
          rows={3}
          maxLength={1000}
          key={state.status === 'ok' ? 'sent' : 'typing'}
          defaultValue={state.values?.message ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('review-message', error, hint)}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? 'Sending…' : 'Send to the site team'}
        </Button>
        <FormStatus state={error ? { status: 'idle' } : state} />
      </div>
    </form>
  );
}
