'use client';
// "Buy a paid launch": choose the week (or now), then pay on the checkout page.
import { useActionState } from 'react';
import { buyLaunchAction, type BuyLaunchState } from '@/lib/actions/checkout';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-status';
import { WeekSelect } from './week-select';

type Props = { listingId: number; weeks: { value: string; label: string }[]; preselected?: string; price: string };

export function BuyLaunchForm({ listingId, weeks, preselected, price }: Props) {
  const [state, action, pending] = useActionState<BuyLaunchState, FormData>(buyLaunchAction, idleState());
  const e = state.fieldErrors ?? {};
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="listing_id" value={listingId} />
      <FormError message={state.status === 'error' && !e.launch_week ? state.message : undefined} />
      <WeekSelect
        id="buy-launch-week"
        name="launch_week"
        label="Launch week"
        weeks={weeks}
        value={state.values?.launch_week}
        preselected={preselected}
        error={e.launch_week}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Preparing checkout…' : `Buy a paid launch (${price} excl. VAT)`}
      </Button>
    </form>
  );
}
