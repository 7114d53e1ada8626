'use client';
// A <details> dropdown that closes on navigation, outside clicks, Escape (the keyboard back on its
// button) and Tab past its last item (works without JS too).
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

export function MenuDisclosure({ summary, children }: { summary: React.ReactNode; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const close = (e: Event) => {
      const el = ref.current;
      if (!el?.open) return;
      if (e instanceof KeyboardEvent ? e.key !== 'Escape' : el.contains(e.target as Node)) return;
      const hadFocus = el.contains(document.activeElement);
      el.open = false;
      if (hadFocus) el.querySelector('summary')?.focus();
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  return (
    <details
      ref={ref}
      className="group relative"
      onBlur={(e) => {
        // Focus moved on past the menu (Tab from its last item): it closes instead of covering the page.
        const next = e.relatedTarget as Node | null;
        if (next && !e.currentTarget.contains(next)) e.currentTarget.open = false;
      }}
    >
      <summary
        aria-label="Account menu"
        className="flex cursor-pointer list-none items-center gap-2 rounded-full p-0.5 pr-1 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:pr-2 [&::-webkit-details-marker]:hidden"
      >
        {summary}
        <span aria-hidden="true" className="grid h-4 w-4 place-items-center transition-transform group-open:rotate-180">
          <svg viewBox="0 0 20 20" className="h-4 w-4 fill-stone-500">
            <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
          </svg>
        </span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-60 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg">
        {children}
      </div>
    </details>
  );
}
