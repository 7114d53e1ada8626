'use client';
// "Bid for the billboard": the week and the bid in dollars (at least the price), then the checkout page.
import { useActionState } from 'react';
import { buyBillboardAction, type BuyBillboardState } from '@/lib/actions/checkout';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-status';
import { WeekSelect } from './week-select';

type Props = { listingId: number; weeks: { value: string; label: string }[]; minimum: string };

export function BuyBillboardForm({ listingId, weeks, minimum }: Props) {
  const [state, action, pending] = useActionState<BuyBillboardState, FormData>(buyBillboardAction, idleState());
  const e = state.fieldErrors ?? {};
  const shown = state.status === 'error' && !e.week && !e.bid ? state.message : undefined;
  const bidHint = `At least ${minimum}, and more than the week's highest bid (named with each week). The highest bid wins the week; a losing bid is refunded whole when the week starts.`;
  return (
    <form action={action} className="space-y-4" aria-label="Bid for the home page billboard" noValidate>
      <input type="hidden" name="listing_id" value={listingId} />
      <FormError message={shown} />
      <WeekSelect
        id="billboard-week"
        name="week"
        label="Week"
        weeks={weeks}
        value={state.values?.week}
        error={e.week}
      />
      <Field id="billboard-bid" label="Your bid in US dollars (excl. VAT)" error={e.bid} hint={bidHint}>
        <input
          id="billboard-bid"
          name="bid"
          inputMode="decimal"
          defaultValue={state.values?.bid ?? minimum.replace(/^\$/, '').replace(/\.00$/, '')}
          aria-invalid={e.bid ? true : undefined}
          aria-describedby={describedBy('billboard-bid', e.bid, bidHint)}
          className={`${inputClass} sm:max-w-40`}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? 'Preparing checkout…' : 'Bid for the billboard'}
      </Button>
    </form>
  );
}
