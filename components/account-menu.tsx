'use client';
// Header account entry: "Sign in" for visitors; the account's initial (or photo) opening a small menu
// with its name when signed in. The account comes from the server's render (`account`), or, on a
// page from the page cache (rendered for no one), from the script the cache puts in for the visitor
// (lib/site/page-cache.ts accountMarkup); until this hydrates, and without JavaScript, the style put in
// with it shows the initial, a link to the account page.
import Link from 'next/link';
import { useSyncExternalStore } from 'react';
import { signOutAction } from '@/lib/actions/auth';
import { ACCOUNT_GLOBAL, ACCOUNT_STYLE_ID, accountInitial, type HeaderAccount } from '@/lib/auth/header-account';
import { MenuDisclosure } from './account/menu-disclosure';
import { buttonClass } from '@/components/ui/button';

type WithAccount = { [ACCOUNT_GLOBAL]?: HeaderAccount };

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const givenAccount = () => (window as WithAccount)[ACCOUNT_GLOBAL] ?? null;

/** Signing out: the page given an account keeps it across client navigations, so it is dropped here. */
function forgetGivenAccount() {
  delete (window as WithAccount)[ACCOUNT_GLOBAL];
  document.getElementById(ACCOUNT_STYLE_ID)?.remove();
  for (const listener of listeners) listener();
}

export function AccountMenu({ account: rendered }: { account: HeaderAccount | null }) {
  // The server's HTML is hydrated as rendered (null), then the given account shows.
  const given = useSyncExternalStore(subscribe, givenAccount, () => null);
  const account = rendered ?? given;
  if (!account) {
    return (
      <>
        <Link href="/signin" className={buttonClass('neutral', 'sm', 'account-signin whitespace-nowrap')}>
          Sign in
        </Link>
        {/* Shown only on a cached page given an account (its style), until this hydrates: a link to
            the account page, laid out as the menu's button (the badge, then the chevron's room). */}
        <Link href="/account" aria-label="Account" className="account-pending rounded-full p-0.5 pr-5 md:pr-7">
          <span className="grid h-7 w-7 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700" />
        </Link>
      </>
    );
  }
  const itemClass = 'block rounded-md px-3 py-2 text-sm text-stone-700 hover:bg-stone-100 hover:text-stone-900';
  return (
    <MenuDisclosure
      summary={
        <>
          {account.image ? (
            <img src={account.image} alt="" className="h-7 w-7 rounded-full object-cover" />
          ) : (
            <span className="grid h-7 w-7 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700">
              {accountInitial(account)}
            </span>
          )}
        </>
      }
    >
      <div className="border-b border-stone-100 px-3 pt-1 pb-2">
        {account.name && <p className="truncate text-sm font-medium text-stone-900">{account.name}</p>}
        <p className="truncate text-xs text-stone-500">{account.email}</p>
      </div>
      <div className="py-1">
        <Link href="/account" className={itemClass}>
          Account
        </Link>
        <Link href="/account/api-keys" className={itemClass}>
          API keys
        </Link>
        {account.admin && (
          <Link href="/admin" className={itemClass}>
            Site team
          </Link>
        )}
      </div>
      <form action={signOutAction} onSubmit={forgetGivenAccount} className="border-t border-stone-100 pt-1">
        <button type="submit" className={`${itemClass} w-full text-left`}>
          Sign out
        </button>
      </form>
    </MenuDisclosure>
  );
}
