'use client';
// Billing details for the receipt; a new country or VAT number re-prices the order.
import { useActionState, useEffect, useRef, useState } from 'react';
import { updateBillingAction, type BillingState } from '@/lib/actions/checkout';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { describedBy, Field, inputClass } from '@/components/ui/field';
import { FormError, FormStatus } from '@/components/ui/form-status';
import { setBillingUnsaved } from './billing-unsaved';

type Props = {
  number: string;
  token: string | null;
  countries: { code: string; name: string }[];
  current: BillingValues;
  /** The buyer's last paid order's details, offered while this order has none (`label` says whose). */
  previous?: BillingValues & { label: string };
};
type BillingValues = { country: string; vat_number: string; name: string; address: string };

export function BillingForm({ number, token, countries, current, previous }: Props) {
  const [state, action, pending] = useActionState<BillingState, FormData>(updateBillingAction, idleState());
  const v = state.values ?? current;
  const e = state.fieldErrors ?? {};
  const vatHint =
    'EU businesses: a valid VAT number of another member state means reverse charge (no VAT). Outside the EU, your tax number is printed on the receipt as given.';
  const form = useRef<HTMLFormElement>(null);
  const [unsaved, setUnsaved] = useState(false);
  const saved = JSON.stringify(current);
  const check = () => {
    if (!form.current) return;
    const fd = new FormData(form.current);
    const was = JSON.parse(saved) as BillingValues;
    // Line breaks compare as LF: a saved two-line address came back with CRLF and stayed "not saved".
    const plain = (s: string) => s.replace(/\r\n?/g, '\n').trim();
    const changed = (['country', 'vat_number', 'name', 'address'] as const).some(
      (k) => plain(String(fd.get(k) ?? '')) !== plain(was[k]),
    );
    setUnsaved(changed);
    setBillingUnsaved(changed);
  };
  useEffect(check, [saved, state]); // a save (or a refusal) puts the fields back in step
  useEffect(() => () => setBillingUnsaved(false), []);
  // Fills the fields with the last order's details and saves them (re-priced as any save is).
  const usePrevious = () => {
    const f = form.current;
    if (!f || !previous) return;
    for (const k of ['country', 'vat_number', 'name', 'address'] as const) {
      const field = f.elements.namedItem(k);
      if (
        field instanceof HTMLInputElement ||
        field instanceof HTMLSelectElement ||
        field instanceof HTMLTextAreaElement
      )
        field.value = previous[k];
    }
    f.requestSubmit();
  };
  return (
    <form ref={form} action={action} onChange={check} className="space-y-4" noValidate>
      <input type="hidden" name="number" value={number} />
      {token && <input type="hidden" name="t" value={token} />}
      <FormError message={state.status === 'error' && !Object.keys(e).length ? state.message : undefined} />
      {previous && !current.country && state.status === 'idle' && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-700"
          data-testid="billing-previous"
        >
          <p className="min-w-0 flex-1 wrap-anywhere">Your last order was billed to {previous.label}.</p>
          <Button type="button" variant="secondary" size="sm" disabled={pending} onClick={usePrevious}>
            Use these details
          </Button>
        </div>
      )}
      <Field id="billing-country" label="Country" error={e.country}>
        <select
          id="billing-country"
          name="country"
          required
          defaultValue={v.country}
          key={`c-${v.country}`}
          aria-invalid={e.country ? true : undefined}
          aria-describedby={describedBy('billing-country', e.country)}
          className={inputClass}
        >
          <option value="">Choose a country</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="billing-vat" label="VAT number (optional)" error={e.vat_number} hint={vatHint}>
        <input
          id="billing-vat"
          name="vat_number"
          defaultValue={v.vat_number}
          key={`v-${v.vat_number}`}
          maxLength={32}
          autoComplete="off"
          aria-invalid={e.vat_number ? true : undefined}
          aria-describedby={describedBy('billing-vat', e.vat_number, vatHint)}
          className={inputClass}
        />
      </Field>
      <Field id="billing-name" label="Name or company (optional)" error={e.billing_name}>
        <input
          id="billing-name"
          name="name"
          defaultValue={v.name}
          maxLength={200}
          autoComplete="organization"
          className={inputClass}
        />
      </Field>
      <Field id="billing-address" label="Address (optional)" error={e.billing_address}>
        <textarea
          id="billing-address"
          name="address"
          defaultValue={v.address}
          rows={3}
          maxLength={1000}
          autoComplete="street-address"
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? 'Saving…' : 'Save and update the total'}
        </Button>
        {unsaved ? (
          <p role="status" className="text-sm font-medium text-amber-800" data-testid="billing-unsaved">
            Not saved yet: the order total is for the details saved before.
          </p>
        ) : (
          <FormStatus state={state.status === 'ok' ? state : { status: 'idle' }} />
        )}
      </div>
    </form>
  );
}
