'use client';
// A GET form whose fields always show the page's own URL. Coming back to a page with Back or Forward,
// the browser puts back what was typed before leaving (its form restoration, or the whole page from
// the back/forward cache): the box said "budget" above the results for "team". Restoration is turned
// off (autoComplete) and a page shown again from that cache resets its fields to the rendered ones.
import { useEffect, useRef, type ComponentProps } from 'react';

export function UrlForm(props: Omit<ComponentProps<'form'>, 'method' | 'autoComplete'>) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const reset = (e: PageTransitionEvent) => {
      if (e.persisted) ref.current?.reset();
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  return <form ref={ref} method="get" autoComplete="off" {...props} />;
}
