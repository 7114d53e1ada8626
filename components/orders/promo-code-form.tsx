'use client';
// A promo code typed on the checkout page: applied, it re-prices the order (claimed at payment).
import { useActionState, useEffect, useRef } from 'react';
import { applyPromoAction, type PromoState } from '@/lib/actions/checkout';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FormStatus } from '@/components/ui/form-status';
import { setPromoUnapplied } from './billing-unsaved';

export function PromoCodeForm({
  number,
  token,
  applied,
}: {
  number: string;
  token: string | null;
  applied: string | null;
}) {
  const [state, action, pending] = useActionState<PromoState, FormData>(applyPromoAction, idleState());
  const error = state.fieldErrors?.promo_code;
  // A code typed but not applied holds Pay back (it would charge the full price).
  const input = useRef<HTMLInputElement>(null);
  const check = () => {
    const typed = input.current?.value.trim() ?? '';
    setPromoUnapplied(typed !== '' && typed !== applied);
  };
  useEffect(check, [applied, state]);
  // Applied, the field is drawn anew (its key) and the focus fell to the page: back to the field.
  useEffect(() => {
    if (state.status !== 'idle' && (!document.activeElement || document.activeElement === document.body))
      input.current?.focus();
  }, [state]);
  useEffect(() => () => setPromoUnapplied(false), []);
  const hint = applied
    ? `${applied} is applied. Another code replaces it.`
    : 'Exactly as you were given it: capitals count.';
  return (
    <form action={action} className="space-y-3" noValidate>
      <input type="hidden" name="number" value={number} />
      {token && <input type="hidden" name="t" value={token} />}
      <Field id="promo-code" label="Promo code (optional)" error={error} hint={hint}>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            onInput={check}
            id="promo-code"
            name="promo_code"
            defaultValue={state.values?.promo_code ?? ''}
            key={state.status === 'ok' ? `ok-${applied}` : 'typing'}
            maxLength={64}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy('promo-code', error, hint)}
            className={`${inputClass} max-w-xs flex-1`}
          />
          <Button type="submit" variant="secondary" disabled={pending}>
            {pending ? 'Applying…' : 'Apply'}
          </Button>
        </div>
      </Field>
      <FormStatus state={state.status === 'ok' ? state : { status: 'idle' }} />
    </form>
  );
}
