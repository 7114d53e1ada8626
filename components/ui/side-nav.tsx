'use client';
// A section's side navigation (a scrollable tab strip on phones): the account area, the site team.
// The first item is the section's index page, active only on itself; the others also on their sub-pages.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

export type SideNavItem = { href: string; label: string };

export function SideNav({ label, items }: { label: string; items: SideNavItem[] }) {
  const pathname = usePathname();
  const index = items[0]?.href;
  const strip = useRef<HTMLElement>(null);
  // On a phone the strip scrolls sideways: bring the current page's tab into view (the strip only,
  // never the page), so "Orders" or "Connected apps" is not off-screen where the visitor is.
  useEffect(() => {
    const nav = strip.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav ref={strip} aria-label={label} className="relative -mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex gap-1 md:flex-col">
        {items.map((item) => {
          const active =
            item.href === index
              ? pathname === item.href
              : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  active
                    ? 'bg-white text-stone-900 shadow-xs ring-1 ring-stone-200'
                    : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
