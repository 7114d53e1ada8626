'use client';
// While there is unsaved work: the browser asks before the tab closes or reloads (beforeunload),
// and a click on a link to another page of the site, or Back and Forward between pages the site
// opened itself, asks first (client-side navigation never fires beforeunload).
import { useCallback, useEffect, useState } from 'react';

export const LEAVE_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

export function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    let confirmed = false;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (confirmed) return;
      e.preventDefault();
      e.returnValue = '';
    };
    const click = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      const to = new URL(link.href, window.location.href);
      // Another site: a full navigation, which beforeunload covers. The same page (#section): nothing is lost.
      if (
        to.origin !== window.location.origin ||
        (to.pathname === window.location.pathname && to.search === window.location.search)
      )
        return;
      if (window.confirm(LEAVE_MESSAGE)) {
        confirmed = true;
        return;
      }
      e.preventDefault();
      e.stopPropagation();
    };
    // Back or Forward to another page of the site moves within the document (Next's router serves
    // it), so beforeunload is silent: the Navigation API's navigate event can still be cancelled
    // (Chromium, Firefox, Safari 26; the browser allows it once the person has used the page).
    const navigation = (window as { navigation?: EventTarget }).navigation;
    const traverse = (e: Event) => {
      const nav = e as Event & { navigationType?: string; destination?: { url: string } };
      if (confirmed || nav.navigationType !== 'traverse' || !e.cancelable || !nav.destination) return;
      const to = new URL(nav.destination.url);
      if (to.pathname === window.location.pathname && to.search === window.location.search) return;
      if (window.confirm(LEAVE_MESSAGE)) confirmed = true;
      else e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    navigation?.addEventListener('navigate', traverse);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
      navigation?.removeEventListener('navigate', traverse);
    };
  }, [active]);
}

/**
 * For a form saved by a server action: typing marks it unsaved (the form's input events bubble to
 * the handler returned, for the form's onInput), a successful save settles it, and while it is
 * unsaved, leaving the page asks first (useLeaveGuard).
 */
export function useUnsavedGuard(state: { status: string }): () => void {
  const [dirty, setDirty] = useState(false);
  // Settled once per action result (adjusted while rendering).
  const [seen, setSeen] = useState(state);
  if (state !== seen) {
    setSeen(state);
    if (state.status === 'ok') setDirty(false);
  }
  useLeaveGuard(dirty);
  return useCallback(() => setDirty(true), []);
}

/**
 * A form that empties itself after a successful submission (its fields remount) would leave the
 * keyboard focus on nothing, so the next Tab starts at the top of the page: it goes to `fieldId`.
 */
export function useFocusAfterSuccess(state: { status: string }, fieldId: string) {
  useEffect(() => {
    if (state.status === 'ok') document.getElementById(fieldId)?.focus();
  }, [state, fieldId]);
}
