'use client';
// A section's side navigation (wrapping tabs on phones): the account area, the site team.
// The first item is the section's index page, active only on itself; the others also on their sub-pages.
import Link from 'next/link';
import { usePathname } from 'next/navigation';

export type SideNavItem = { href: string; label: string };

export function SideNav({ label, items }: { label: string; items: SideNavItem[] }) {
  const pathname = usePathname();
  const index = items[0]?.href;
  return (
    <nav aria-label={label} className="relative">
      {/* On a phone the tabs wrap onto a second line: a strip scrolled sideways hid the last ones. */}
      <ul className="flex flex-wrap gap-1 md:flex-col">
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
