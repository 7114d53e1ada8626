'use client';
// "Buy a paid launch": choose the week (or now), then pay on the checkout page.
import Link from 'next/link';
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
  // A pending order of this listing that already buys it (the refusal names its page).
  const pendingOrder =
    state.status === 'error' ? /\/account\/orders\/([A-Z0-9-]+)/.exec(state.message ?? '')?.[1] : undefined;
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="listing_id" value={listingId} />
      <FormError message={state.status === 'error' && !e.launch_week ? state.message : undefined} />
      {pendingOrder && (
        <p className="text-sm">
          <Link href={`/account/orders/${pendingOrder}`} className="font-semibold text-brand-700 underline">
            Open order {pendingOrder}
          </Link>{' '}
          to pay it or cancel it.
        </p>
      )}
      <WeekSelect
        // Remounted with the week sent: React resets the form after the action, to the select's first default.
        key={state.values?.launch_week ?? ''}
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
