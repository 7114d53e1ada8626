import Link from 'next/link';

/** Header sign-in entry; shows the signed-in account once sign-in is wired. */
export function AccountMenu() {
  return (
    <Link href="/signin" className="rounded-md bg-stone-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-stone-700">
      Sign in
    </Link>
  );
}
