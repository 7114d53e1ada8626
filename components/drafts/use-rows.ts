'use client';
// A list of editable rows with stable keys, so uncontrolled inputs keep what was typed when a row
// above is added or removed. Changes mark the editor form as unsaved. A row added by its "+ Add"
// button takes the focus (its first field), so a keyboard user types into it next: focus stayed on the
// button, and when the last allowed row hid the button, it fell to the page.
import { createContext, useContext, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';

export const DirtyContext = createContext<() => void>(() => {});
/** How many edits the form has seen, and how many of them the last save covered (for "Unsaved" marks). */
export const EditsContext = createContext({ edits: 0, saved: 0 });

export function useRows<T>(initial: T[], blank: () => T, max: number) {
  const next = useRef(initial.length);
  const focusKey = useRef<number | null>(null);
  const [rows, setRows] = useState(() => initial.map((value, key) => ({ key, value })));
  const markDirty = useContext(DirtyContext);
  return {
    rows,
    canAdd: rows.length < max,
    add: () => {
      if (rows.length >= max) return;
      focusKey.current = next.current;
      setRows([...rows, { key: next.current++, value: blank() }]);
      markDirty();
    },
    /** The ref of a row's element: the row just added focuses its first field once it is in the page. */
    rowRef: (key: number) => (el: HTMLElement | null) => {
      if (!el || focusKey.current !== key) return;
      focusKey.current = null;
      el.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
    },
    remove: (key: number) => {
      setRows(rows.filter((r) => r.key !== key));
      markDirty();
    },
    move: (key: number, by: -1 | 1) => {
      const i = rows.findIndex((r) => r.key === key);
      const j = i + by;
      if (i < 0 || j < 0 || j >= rows.length) return;
      const copy = [...rows];
      [copy[i], copy[j]] = [copy[j], copy[i]];
      setRows(copy);
      markDirty();
    },
  };
}

export const smallButton = buttonClass('secondary', 'xs');
/** "Add a row": dashed, so it reads as a place for something new. */
export const addButton =
  'inline-flex items-center gap-1 rounded-lg border border-dashed border-stone-300 px-3 py-2 text-sm font-medium text-stone-700 hover:border-brand-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
