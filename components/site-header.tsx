import Link from 'next/link';
import { getCurrentUser, signInPath } from '@/lib/auth/session';
import { buttonClass } from '@/components/ui/button';
import { AccountMenu } from './account-menu';
import { UrlForm } from '@/components/directory/url-form';

const nav = [
  { href: '/search', label: 'Browse' },
  { href: '/leaderboard', label: 'Leaderboard' },
  { href: '/categories', label: 'Categories' },
  { href: '/updates', label: 'Updates' },
  { href: '/pricing', label: 'Pricing' },
];

export async function SiteHeader() {
  const user = await getCurrentUser();
  const account = user && { name: user.name, email: user.email, image: user.image, admin: user.role === 'admin' };
  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:gap-6">
        <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
          <span
            aria-hidden
            className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white"
          >
            P
          </span>
          <span className="sr-only sm:not-sr-only">Product Directory</span>
        </Link>
        <UrlForm action="/search" role="search" aria-label="Site" className="hidden xl:block">
          <label htmlFor="site-search" className="sr-only">
            Search products
          </label>
          <input
            id="site-search"
            name="q"
            type="search"
            placeholder="Search products…"
            className="h-9 w-44 rounded-lg border border-stone-200 bg-stone-50 px-3 text-sm focus:border-brand-600 focus:bg-white focus:ring-1 focus:ring-brand-600 focus:outline-none"
          />
        </UrlForm>
        <nav aria-label="Main" className="hidden items-center gap-1 text-sm text-stone-600 lg:flex">
          {nav.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className="rounded-md px-2 py-1.5 hover:bg-stone-100 hover:text-stone-900"
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link
            href="/search"
            aria-label="Search"
            className="grid h-9 w-9 place-items-center rounded-lg text-stone-600 hover:bg-stone-100 xl:hidden"
          >
            <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5 fill-none stroke-current stroke-2">
              <circle cx="9" cy="9" r="6" />
              <path d="m14 14 4 4" />
            </svg>
          </Link>
          <SubmitLink signedIn={Boolean(user)} />
          <AccountMenu account={account} />
        </div>
      </div>
      {/* Phones and tablets (below 1024 px, where the logo, five sections and the founders' entry do not
          fit on one row): the sections on a row of their own, every one showing, down to 320 px. */}
      <nav
        aria-label="Main"
        className="flex justify-between overflow-x-auto border-t border-stone-100 px-2 py-1 text-[13px] text-stone-600 max-[359px]:text-xs sm:justify-center sm:gap-2 sm:text-sm lg:hidden"
      >
        {nav.map((item) => (
          <Link
            key={item.href}
            href={item.href}
            className="shrink-0 rounded-md px-1 py-1.5 hover:bg-stone-100 hover:text-stone-900 max-[359px]:px-0.5"
          >
            {item.label}
          </Link>
        ))}
      </nav>
    </header>
  );
}

/**
 * The founders' way in, on every page: straight to /submit, through sign-in when signed out (a page
 * from the cache is rendered signed out: the sign-in page sends a signed-in visitor on to /submit).
 */
function SubmitLink({ signedIn }: { signedIn: boolean }) {
  return (
    <Link
      href={signedIn ? '/submit' : signInPath('/submit')}
      className={buttonClass('primary', 'sm', 'whitespace-nowrap')}
      data-testid="header-submit"
    >
      {/* The whole phrase where the row has room (from 380 px); "Submit" below. The accessible name is
          always the whole phrase. */}
      <span>
        Submit<span className="max-[379px]:sr-only"> a product</span>
      </span>
    </Link>
  );
}
