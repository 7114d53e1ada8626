'use client';
// "Buy a paid launch": choose the week (or now), then pay on the checkout page.
import { useActionState } from 'react';
import { buyLaunchAction, type BuyLaunchState } from '@/lib/actions/checkout';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-status';

type Props = { listingId: number; weeks: { value: string; label: string }[]; price: string };

export function BuyLaunchForm({ listingId, weeks, price }: Props) {
  const [state, action, pending] = useActionState<BuyLaunchState, FormData>(buyLaunchAction, idleState());
  const e = state.fieldErrors ?? {};
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="listing_id" value={listingId} />
      <FormError message={state.status === 'error' && !e.launch_week ? state.message : undefined} />
      <Field id="buy-launch-week" label="Launch week" error={e.launch_week}>
        <select
          id="buy-launch-week"
          name="launch_week"
          defaultValue={state.values?.launch_week ?? weeks[0]?.value}
          aria-invalid={e.launch_week ? true : undefined}
          aria-describedby={describedBy('buy-launch-week', e.launch_week)}
          className={`${inputClass} sm:max-w-sm`}
        >
          {weeks.map((w) => (
            <option key={w.value} value={w.value}>
              {w.label}
            </option>
          ))}
        </select>
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? 'Preparing checkout…' : `Buy a paid launch (${price} excl. VAT)`}
      </Button>
    </form>
  );
}
