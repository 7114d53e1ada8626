'use client';
// A form's submit button is disabled while its action runs (`disabled={pending}`), and a focused
// button that becomes disabled drops the focus to <body>: after every save, refusal or delete a
// keyboard user started again from the top of the page (8,000 px on a listing's page). Mounted once
// in the root layout, this puts the focus back on the button once it is enabled again, unless
// something else took it meanwhile (a form that focuses its first field after success); when the
// action removed the button (a delete), on the section that held it.
import { useEffect } from 'react';

const focusLost = () => !document.activeElement || document.activeElement === document.body;

export function FocusKeeper() {
  useEffect(() => {
    let focused: HTMLElement | null = null;
    let held: { button: HTMLButtonElement; section: HTMLElement | null } | null = null;
    const onFocusIn = (e: FocusEvent) => {
      focused = e.target instanceof HTMLElement ? e.target : null;
    };
    const observer = new MutationObserver(() => {
      if (!held && focused instanceof HTMLButtonElement && focused.disabled)
        held = { button: focused, section: focused.closest('section') };
      if (!held) return;
      if (!held.button.isConnected) {
        const { section } = held;
        held = null;
        if (section?.isConnected && focusLost()) {
          if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
          section.focus();
        }
      } else if (!held.button.disabled) {
        const { button } = held;
        held = null;
        if (focusLost()) button.focus();
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
  return null;
}
