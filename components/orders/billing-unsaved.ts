'use client';
// Whether the checkout's billing or promo code form holds what is not saved yet. The saved country
// and VAT number decide the total, the saved name and address go on the receipt, and a code takes
// its discount only once applied: Pay waits for them, so what is paid is what the page shows for what
// the buyer chose (a country changed but not saved was paid at the old country's VAT; a code typed
// but not applied was paid at the full price).
import { useSyncExternalStore } from 'react';

function unsavedFlag() {
  let unsaved = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean): void => {
    if (value === unsaved) return;
    unsaved = value;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const use = (): boolean =>
    useSyncExternalStore(
      subscribe,
      () => unsaved,
      () => false,
    );
  return { set, use };
}

const billing = unsavedFlag();
const promo = unsavedFlag();

export const setBillingUnsaved = billing.set;
export const useBillingUnsaved = billing.use;
export const setPromoUnapplied = promo.set;
export const usePromoUnapplied = promo.use;
