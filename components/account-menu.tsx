// Header account entry: "Sign in" for visitors; the account's initial (or photo) opening a small menu with its name when signed in.
import Link from 'next/link';
import { getCurrentUser } from '@/lib/auth/session';
import { signOutAction } from '@/lib/actions/auth';
import { MenuDisclosure } from './account/menu-disclosure';
import { buttonClass } from '@/components/ui/button';

export async function AccountMenu() {
  const user = await getCurrentUser();
  if (!user) {
    return (
      <Link href="/signin" className={buttonClass('neutral', 'sm', 'whitespace-nowrap')}>
        Sign in
      </Link>
    );
  }
  const label = user.name || user.email || 'Account';
  const initial = label.trim().charAt(0).toUpperCase() || '?';
  const itemClass = 'block rounded-md px-3 py-2 text-sm text-stone-700 hover:bg-stone-100 hover:text-stone-900';
  return (
    <MenuDisclosure
      summary={
        <>
          {user.image ? (
            <img src={user.image} alt="" className="h-7 w-7 rounded-full object-cover" />
          ) : (
            <span className="grid h-7 w-7 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700">
              {initial}
            </span>
          )}
        </>
      }
    >
      <div className="border-b border-stone-100 px-3 pt-1 pb-2">
        {user.name && <p className="truncate text-sm font-medium text-stone-900">{user.name}</p>}
        <p className="truncate text-xs text-stone-500">{user.email}</p>
      </div>
      <div className="py-1">
        <Link href="/account" className={itemClass}>
          Account
        </Link>
        <Link href="/account/api-keys" className={itemClass}>
          API keys
        </Link>
        {user.role === 'admin' && (
          <Link href="/admin" className={itemClass}>
            Site team
          </Link>
        )}
      </div>
      <form action={signOutAction} className="border-t border-stone-100 pt-1">
        <button type="submit" className={`${itemClass} w-full text-left`}>
          Sign out
        </button>
      </form>
    </MenuDisclosure>
  );
}
