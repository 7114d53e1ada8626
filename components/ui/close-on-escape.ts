// Esc answers a <details> question the safe way ("Keep it"), as it closes any question, and puts the
// keyboard back on its summary.
import type { KeyboardEvent } from 'react';

export function closeDetailsOnEscape(e: KeyboardEvent<HTMLDetailsElement>): void {
  if (e.key !== 'Escape' || !e.currentTarget.open) return;
  e.currentTarget.open = false;
  e.currentTarget.querySelector('summary')?.focus();
}
