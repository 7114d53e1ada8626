'use client';
// Disconnect with an inline confirmation step (no browser dialog).
import { useActionState, useState } from 'react';
import { disconnectAppAction, type DisconnectState } from '@/app/(account)/account/connected-apps/actions';

export function DisconnectAppButton({ id, name }: { id: number; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const [state, action, pending] = useActionState<DisconnectState, FormData>(disconnectAppAction, {});
  if (!confirming) {
    return (
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Disconnect ${name}`}
        className="rounded-md border border-stone-300 px-2.5 py-1 text-sm font-medium text-red-700 hover:border-red-300 hover:bg-red-50"
      >
        Disconnect
      </button>
    );
  }
  return (
    <form action={action} className="flex flex-wrap items-center justify-end gap-2">
      <input type="hidden" name="id" value={id} />
      <span className="text-xs text-stone-600">It loses access at once.</span>
      <button
        type="submit"
        disabled={pending}
        aria-label={`Confirm disconnecting ${name}`}
        className="rounded-md bg-red-600 px-2.5 py-1 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
      >
        {pending ? 'Disconnecting…' : 'Disconnect app'}
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
