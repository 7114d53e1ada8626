'use client';
// Whether the checkout's billing form holds changes not saved yet. The saved country and VAT number
// decide the total, and the saved name and address go on the receipt: Pay waits for them, so what is
// paid is what the page shows for what the buyer chose (a country changed but not saved was paid at
// the old country's VAT).
import { useSyncExternalStore } from 'react';

let unsaved = false;
const listeners = new Set<() => void>();

export function setBillingUnsaved(value: boolean): void {
  if (value === unsaved) return;
  unsaved = value;
  for (const listener of listeners) listener();
}

export function useBillingUnsaved(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => unsaved,
    () => false,
  );
}
