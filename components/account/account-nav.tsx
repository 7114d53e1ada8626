'use client';
// The account area's side navigation. To add a page, add one entry to `accountNav`.
import Link from 'next/link';
import { usePathname } from 'next/navigation';

export type AccountNavItem = { href: string; label: string };

export const accountNav: AccountNavItem[] = [
  { href: '/account', label: 'Dashboard' },
  { href: '/submit', label: 'Submit a product' },
  { href: '/drafts', label: 'My drafts' },
  { href: '/account/listings', label: 'My listings' },
  { href: '/account/orders', label: 'Orders' },
  { href: '/account/profile', label: 'Founder profile' },
  { href: '/account/interview', label: 'Interview' },
  { href: '/account/api-keys', label: 'API keys' },
  { href: '/account/connected-apps', label: 'Connected apps' },
];

function isActive(pathname: string, href: string) {
  return href === '/account' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

export function AccountNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Account" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex gap-1 md:flex-col">
        {accountNav.map((item) => {
          const active = isActive(pathname, item.href);
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
