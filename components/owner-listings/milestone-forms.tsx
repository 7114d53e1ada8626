'use client';
// The milestones section's forms: add one (date, title, description, https link) and delete one.
// Both are plain forms posting to server actions, so they work before (and without) JavaScript.
import { useFocusAfterSuccess, useUnsavedGuard } from '@/components/drafts/use-leave-guard';
import { useActionState } from 'react';
import { addMilestoneAction, deleteMilestoneAction, type MilestoneState } from '@/lib/actions/listing-content';
import { idleState, type ActionState } from '@/lib/actions/state';
import { MILESTONE_DESCRIPTION_MAX, MILESTONE_TITLE_MAX } from '@/lib/listing-content/limits';
import { Button, buttonClass } from '@/components/ui/button';
import { closeDetailsOnEscape } from '@/components/ui/close-on-escape';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FormError, FormStatus } from '@/components/ui/form-status';
import { CountedField } from './counted-field';

export function AddMilestoneForm({ listingId, fullReason }: { listingId: number; fullReason: string | null }) {
  const [state, action, pending] = useActionState<MilestoneState, FormData>(
    addMilestoneAction,
    idleState({ nonce: 0 }),
  );
  const markUnsaved = useUnsavedGuard(state);
  useFocusAfterSuccess(state, 'milestone-date');
  const errors = state.fieldErrors ?? {};
  const values = state.status === 'error' ? state.values : undefined;
  const urlHint = 'Optional; a link starting with https://';
  return (
    <form action={action} onInput={markUnsaved} noValidate aria-label="Add a milestone" className="mt-4 space-y-4">
      <input type="hidden" name="listing_id" value={listingId} />
      {fullReason && (
        <p
          id="milestones-full"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {fullReason}
        </p>
      )}
      <FormError message={state.status === 'error' && !Object.keys(errors).length ? state.message : undefined} />
      <fieldset
        disabled={!!fullReason}
        aria-describedby={fullReason ? 'milestones-full' : undefined}
        className="space-y-4"
        key={state.status === 'ok' ? `added-${state.nonce}` : 'editing'}
      >
        <legend className="text-sm font-semibold text-stone-900">Add a milestone</legend>
        <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <Field id="milestone-date" label="Date" error={errors.date}>
            <input
              id="milestone-date"
              name="date"
              type="date"
              required
              defaultValue={values?.date}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={describedBy('milestone-date', errors.date)}
              className={inputClass}
            />
          </Field>
          <CountedField
            id="milestone-title"
            name="title"
            label="Title"
            max={MILESTONE_TITLE_MAX}
            required
            defaultValue={values?.title}
            error={errors.title}
            placeholder="e.g. First 1,000 customers"
          />
        </div>
        <CountedField
          id="milestone-description"
          name="description"
          label="Description (optional)"
          max={MILESTONE_DESCRIPTION_MAX}
          rows={3}
          defaultValue={values?.description}
          error={errors.description}
        />
        <Field id="milestone-url" label="Link (optional)" error={errors.url} hint={urlHint}>
          <input
            id="milestone-url"
            name="url"
            type="url"
            inputMode="url"
            defaultValue={values?.url}
            placeholder="https://"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={describedBy('milestone-url', errors.url, urlHint)}
            className={inputClass}
          />
        </Field>
        <Button type="submit" variant="neutral" disabled={pending || !!fullReason}>
          {pending ? 'Adding…' : 'Add milestone'}
        </Button>
      </fieldset>
      <FormStatus state={state.status === 'ok' ? state : { status: 'idle' }} />
    </form>
  );
}

/**
 * Delete, asked first: a disclosure (works without JavaScript) whose "Delete" opens the question and
 * the button that deletes; a milestone deleted has no undo. Esc closes the question.
 */
export function DeleteMilestoneButton({ listingId, id, title }: { listingId: number; id: number; title: string }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(deleteMilestoneAction, idleState());
  return (
    <details className="group shrink-0 text-right open:basis-full sm:open:basis-auto" onKeyDown={closeDetailsOnEscape}>
      <summary
        className={buttonClass('danger-outline', 'sm', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
      >
        <span className="group-open:hidden">
          Delete<span className="sr-only"> milestone {title}</span>
        </span>
        <span className="hidden group-open:inline">
          Keep it<span className="sr-only">: milestone {title}</span>
        </span>
      </summary>
      <form
        action={action}
        className="mt-2 ml-auto flex max-w-72 flex-col items-end gap-2 rounded-lg border border-red-200 bg-red-50 p-2"
      >
        <p className="text-right text-xs text-red-900">Delete this milestone? There is no undo.</p>
        <input type="hidden" name="listing_id" value={listingId} />
        <input type="hidden" name="milestone_id" value={id} />
        <Button
          type="submit"
          variant="danger"
          size="sm"
          disabled={pending}
          aria-label={`Yes, delete milestone ${title}`}
        >
          {pending ? 'Deleting…' : 'Yes, delete'}
        </Button>
        <FormStatus state={state.status === 'error' ? state : { status: 'idle' }} className="text-xs" />
      </form>
    </details>
  );
}
