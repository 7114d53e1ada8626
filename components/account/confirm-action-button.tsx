'use client';
// A destructive action with an inline confirmation step (no browser dialog).
import { useActionState, useState } from 'react';
import { idleState, type ActionState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';

type Props = {
  action: (prev: ActionState, formData: FormData) => Promise<ActionState>;
  id: number;
  name: string;
  /** e.g. { verb: 'Revoke', gerund: 'revoking', confirm: 'Revoke key', warning: 'Apps using it stop working.' } */
  labels: { verb: string; gerund: string; confirm: string; warning: string };
};

export function ConfirmActionButton({ action: serverAction, id, name, labels }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [state, action, pending] = useActionState<ActionState, FormData>(serverAction, idleState());

  if (!confirming) {
    return (
      <Button
        variant="danger-outline"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={`${labels.verb} ${name}`}
      >
        {labels.verb}
      </Button>
    );
  }
  return (
    <form action={action} className="flex flex-wrap items-center justify-end gap-2">
      <input type="hidden" name="id" value={id} />
      <span className="text-xs text-stone-600">{labels.warning}</span>
      <Button
        type="submit"
        variant="danger"
        size="sm"
        disabled={pending}
        aria-label={`Confirm ${labels.gerund} ${name}`}
      >
        {pending ? `${labels.gerund.charAt(0).toUpperCase()}${labels.gerund.slice(1)}…` : labels.confirm}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
      <FormStatus state={state.status === 'error' ? state : { status: 'idle' }} className="w-full text-right text-xs" />
    </form>
  );
}
