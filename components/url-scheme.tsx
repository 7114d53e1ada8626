'use client';
// People type web addresses as they read them ("www.linkedin.com/company/acme"), and every link field
// wants https:// in front: the save was refused, and with it the other fields of the form. Mounted
// once in the root layout: leaving a URL field (input type=url) that holds a bare domain puts
// https:// in front, through the input's own setter and an input event, so React's state sees it too.
import { useEffect } from 'react';

/** "www.acme.com/x", "acme.io" → with https:// ; anything with a scheme, or not a domain, unchanged. */
export function withHttps(value: string): string {
  const v = value.trim();
  if (!v || /^[a-z][a-z0-9+.-]*:/i.test(v) || v.startsWith('/')) return value;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i.test(v) ? `https://${v}` : value;
}

export function UrlScheme() {
  useEffect(() => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const onFocusOut = (e: FocusEvent) => {
      const input = e.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'url') return;
      const fixed = withHttps(input.value);
      if (fixed === input.value) return;
      setValue.call(input, fixed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, []);
  return null;
}
