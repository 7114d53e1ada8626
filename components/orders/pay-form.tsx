'use client';
// The four ways to pay, and Pay. In test mode the page says so and no money moves. An order with
// nothing to pay (a promo code took it all) has no way to pay to choose: one button completes it.
import { useActionState } from 'react';
import { payAction, type PayState } from '@/lib/actions/checkout';
import { idleState } from '@/lib/actions/state';
import { PAY_METHOD_LABELS, PAY_METHODS } from '@/lib/payments/provider';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormError } from '@/components/ui/form-status';
import { useBillingUnsaved, usePromoUnapplied } from './billing-unsaved';

type Props = {
  number: string;
  token: string | null;
  total: string;
  /** Nothing to pay: no provider is asked. */
  free: boolean;
  testMode: boolean;
  canPay: boolean;
};

export function PayForm({ number, token, total, free, testMode, canPay }: Props) {
  const [state, action, pending] = useActionState<PayState, FormData>(payAction, idleState());
  const chosen = state.values?.method ?? 'card';
  const e = state.fieldErrors ?? {};
  const unsaved = useBillingUnsaved();
  const promoWaits = usePromoUnapplied();
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="number" value={number} />
      {token && <input type="hidden" name="t" value={token} />}
      <FormError message={state.status === 'error' && !e.method ? state.message : undefined} />
      {free ? (
        <p className="text-sm text-stone-700">There is nothing to pay: the promo code covers the whole order.</p>
      ) : (
        <fieldset aria-describedby={e.method ? 'pay-method-error' : undefined}>
          <legend className="text-sm font-medium text-stone-800">How would you like to pay?</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PAY_METHODS.map((m) => (
              <label
                key={m}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 p-3 hover:border-stone-300 has-checked:border-brand-500 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="method"
                  value={m}
                  defaultChecked={chosen === m}
                  className="h-4 w-4 accent-brand-600"
                />
                <span className="text-sm font-medium text-stone-900">{PAY_METHOD_LABELS[m]}</span>
              </label>
            ))}
          </div>
          <FieldError id="pay-method-error">{e.method}</FieldError>
        </fieldset>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={pending || !canPay || unsaved || promoWaits}
        className="w-full sm:w-auto"
      >
        {free
          ? pending
            ? 'Completing…'
            : 'Complete the order'
          : pending
            ? 'Paying…'
            : `Pay ${total}${testMode ? ' (test mode)' : ''}`}
      </Button>
      {canPay && unsaved && (
        <p className="text-sm text-stone-700" data-testid="pay-waits">
          Save the billing details above first (“Save and update the total”): the country and VAT number decide the
          total.
        </p>
      )}
      {canPay && !unsaved && promoWaits && (
        <p className="text-sm text-stone-700" data-testid="pay-waits-promo">
          Apply the promo code above, or clear it: without “Apply” it takes nothing off.
        </p>
      )}
      {!canPay && (
        <p className="text-sm text-stone-700">
          Choose the billing country above and press “Save and update the total”: the country decides the VAT, and Pay
          opens once it is saved.
        </p>
      )}
    </form>
  );
}
