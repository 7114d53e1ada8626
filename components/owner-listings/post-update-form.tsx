'use client';
// The form of "Post an update": title and plain-text body with their character counts. Disabled,
// with the reason, when the listing cannot post (it is not live).
import { useFocusAfterSuccess, useUnsavedGuard } from '@/components/drafts/use-leave-guard';
import { useActionState } from 'react';
import { postUpdateAction, type UpdateState } from '@/lib/actions/listing-content';
import { idleState } from '@/lib/actions/state';
import { UPDATE_BODY_MAX, UPDATE_TITLE_MAX } from '@/lib/listing-content/limits';
import { Button } from '@/components/ui/button';
import { FormError, FormStatus } from '@/components/ui/form-status';
import { CountedField } from './counted-field';

export function PostUpdateForm({ listingId, disabledReason }: { listingId: number; disabledReason: string | null }) {
  const [state, action, pending] = useActionState<UpdateState, FormData>(postUpdateAction, idleState({ nonce: 0 }));
  const markUnsaved = useUnsavedGuard(state);
  useFocusAfterSuccess(state, 'update-title');
  const errors = state.fieldErrors ?? {};
  const values = state.status === 'error' ? state.values : undefined;
  return (
    <form action={action} onInput={markUnsaved} noValidate aria-label="Post an update" className="mt-4 space-y-4">
      <input type="hidden" name="listing_id" value={listingId} />
      {disabledReason && (
        <p
          id="post-update-disabled"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {disabledReason}
        </p>
      )}
      <FormError message={state.status === 'error' && !Object.keys(errors).length ? state.message : undefined} />
      <fieldset
        disabled={!!disabledReason}
        aria-describedby={disabledReason ? 'post-update-disabled' : undefined}
        className="space-y-4"
        // A fresh, empty form after each posted update; the typed values come back after a refusal.
        key={state.status === 'ok' ? `posted-${state.nonce}` : 'editing'}
      >
        <CountedField
          id="update-title"
          name="title"
          label="Title"
          max={UPDATE_TITLE_MAX}
          required
          defaultValue={values?.title}
          error={errors.title}
          placeholder="e.g. Dark mode is here"
        />
        <CountedField
          id="update-body"
          name="body"
          label="What's new"
          max={UPDATE_BODY_MAX}
          rows={6}
          required
          defaultValue={values?.body}
          error={errors.body}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending || !!disabledReason}>
            {pending ? 'Posting…' : 'Post update'}
          </Button>
          <span className="text-xs text-stone-600">Plain text; line breaks are kept.</span>
        </div>
      </fieldset>
      <FormStatus state={state.status === 'ok' ? state : { status: 'idle' }} data-testid="post-update-status" />
    </form>
  );
}
