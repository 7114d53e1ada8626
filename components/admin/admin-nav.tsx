'use client';
// The site team's side navigation (a tab strip on phones). The pages come from admin-pages.ts.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { adminPages } from './admin-pages';

const items = [{ href: '/admin', label: 'Overview' }, ...adminPages];

export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Site team" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex gap-1 md:flex-col">
        {items.map((item) => {
          const active =
            item.href === '/admin'
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
