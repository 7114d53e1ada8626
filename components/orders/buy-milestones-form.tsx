'use client';
// "Show them on my page": buy the milestones section for a free listing, then pay on the checkout page.
import { useActionState } from 'react';
import { buyMilestonesAction } from '@/lib/actions/checkout';
import { idleState, type ActionState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-status';

export function BuyMilestonesForm({ listingId, price }: { listingId: number; price: string }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(buyMilestonesAction, idleState());
  return (
    <form action={action} className="mt-3 space-y-2" aria-label="Unlock the milestones section">
      <input type="hidden" name="listing_id" value={listingId} />
      <FormError message={state.status === 'error' ? state.message : undefined} />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? 'Preparing checkout…' : `Show them on my page (${price} excl. VAT)`}
      </Button>
    </form>
  );
}
