import Link from 'next/link';
import { AccountMenu } from './account-menu';

const nav = [
  { href: '/search', label: 'Browse' },
  { href: '/leaderboard', label: 'Leaderboard' },
  { href: '/updates', label: 'Updates' },
  { href: '/pricing', label: 'Pricing' },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <span className="grid h-7 w-7 place-items-center rounded-md bg-brand-500 text-sm font-bold text-white">P</span>
          <span className="hidden sm:inline">Product Directory</span>
        </Link>
        <nav className="flex items-center gap-1 overflow-x-auto text-sm text-stone-600">
          {nav.map((item) => (
            <Link key={item.href} href={item.href} className="rounded-md px-2 py-1 hover:bg-stone-100 hover:text-stone-900">
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
