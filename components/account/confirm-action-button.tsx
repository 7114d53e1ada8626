'use client';
// A destructive action with an inline confirmation step (no browser dialog).
import { useActionState, useState } from 'react';

export type ActionState = { error?: string };

type Props = {
  action: (prev: ActionState, formData: FormData) => Promise<ActionState>;
  id: number;
  name: string;
  /** e.g. { verb: 'Revoke', gerund: 'revoking', confirm: 'Revoke key', warning: 'Apps using it stop working.' } */
  labels: { verb: string; gerund: string; confirm: string; warning: string };
};

export function ConfirmActionButton({ action: serverAction, id, name, labels }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [state, action, pending] = useActionState<ActionState, FormData>(serverAction, {});

  if (!confirming) {
    return (
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`${labels.verb} ${name}`}
        className="rounded-md border border-stone-300 px-2.5 py-1 text-sm font-medium text-red-700 hover:border-red-300 hover:bg-red-50"
      >
        {labels.verb}
      </button>
    );
  }
  return (
    <form action={action} className="flex flex-wrap items-center justify-end gap-2">
      <input type="hidden" name="id" value={id} />
      <span className="text-xs text-stone-600">{labels.warning}</span>
      <button
        type="submit"
        disabled={pending}
        aria-label={`Confirm ${labels.gerund} ${name}`}
        className="rounded-md bg-red-600 px-2.5 py-1 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
      >
        {pending ? `${labels.gerund.charAt(0).toUpperCase()}${labels.gerund.slice(1)}…` : labels.confirm}
      </button>
      <button type="button" onClick={() => setConfirming(false)} className="rounded-md px-2 py-1 text-sm text-stone-600 hover:bg-stone-100">
        Cancel
      </button>
      {state.error && (
        <p role="alert" className="w-full text-right text-xs text-red-700">
          {state.error}
        </p>
      )}
    </form>
  );
}
