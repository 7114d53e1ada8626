'use client';
// Restore a rejected or archived listing: undoes the latest moderation (the owner is told).
import { useActionState } from 'react';
import { restoreListingAction, type RestoreState } from '@/lib/actions/admin';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';

export function RestoreButton({ listingId, listingName }: { listingId: number; listingName: string }) {
  const [state, action, pending] = useActionState<RestoreState, FormData>(restoreListingAction, idleState());
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={listingId} />
      <Button type="submit" variant="secondary" size="sm" disabled={pending} aria-label={`Restore ${listingName}`}>
        {pending ? 'Restoring…' : 'Restore'}
      </Button>
      <FormStatus state={state} className="text-xs" />
    </form>
  );
}
