'use client';
// The launch section's two forms: "Launch for free" and "Check now". Plain forms posting to server
// actions (they work without JavaScript); with it, the result is announced without a page load.
import { useActionState } from 'react';
import { checkBadgeAction, chooseFreeAction, type LaunchActionState } from '@/lib/actions/launches';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';

/** `showButton` false once the week is reserved: the form stays, so its announcement does too. */
export function ChooseFreeForm({ listingId, showButton }: { listingId: number; showButton: boolean }) {
  const [state, action, pending] = useActionState<LaunchActionState, FormData>(chooseFreeAction, idleState());
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="listing_id" value={listingId} />
      {showButton && (
        <Button type="submit" disabled={pending}>
          {pending ? 'Reserving your week…' : 'Launch for free'}
        </Button>
      )}
      <FormStatus state={state} data-testid="choose-free-status" />
    </form>
  );
}

export function CheckNowForm({ listingId }: { listingId: number }) {
  const [state, action, pending] = useActionState<LaunchActionState, FormData>(checkBadgeAction, idleState());
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="listing_id" value={listingId} />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? 'Checking your site…' : 'Check now'}
      </Button>
      <FormStatus state={state} data-testid="check-now-status" />
    </form>
  );
}
