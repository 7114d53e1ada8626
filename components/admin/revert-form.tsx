'use client';
// "Revert" for one edit: its fields get their values from before it, as a new version. When a later
// version changed one of those fields, the form says so and asks to confirm overwriting (a required
// checkbox, so it works without JavaScript too); the server refuses without that confirmation.
import { useActionState } from 'react';
import { revertVersionAction, type RevertState } from '@/lib/actions/admin';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';

type Props = {
  versionId: number;
  version: number;
  listingName: string;
  /** Labels of fields a later version changed since this one. */
  changedSince: string[];
};

export function RevertForm({ versionId, version, listingName, changedSince }: Props) {
  const [state, action, pending] = useActionState<RevertState, FormData>(revertVersionAction, idleState());
  const later = changedSince.length ? changedSince : (state.data?.changedSince ?? []);
  const confirmId = `revert-${versionId}-overwrite`;
  // Done: the card says so and offers nothing more (a second press reverted it again, as a new version).
  const done = state.status === 'ok';
  return (
    <form action={action} className="space-y-2">
      <input type="hidden" name="id" value={versionId} />
      {later.length > 0 && !done && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p>
            A later version changed {later.join(', ')} since version {version}. Reverting puts back the values from
            before version {version} and overwrites those later changes.
          </p>
          <div className="mt-2 flex items-start gap-2">
            <input
              id={confirmId}
              type="checkbox"
              name="overwrite"
              value="1"
              required
              className="mt-0.5 h-4 w-4 rounded border-stone-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700"
            />
            <label htmlFor={confirmId} className="font-medium">
              Overwrite the later changes
            </label>
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {!done && (
          <Button
            type="submit"
            variant="danger-outline"
            size="sm"
            disabled={pending}
            aria-label={`Revert version ${version} of ${listingName}`}
          >
            {pending ? 'Reverting…' : `Revert version ${version}`}
          </Button>
        )}
        <FormStatus state={state} className="text-xs" />
      </div>
    </form>
  );
}
