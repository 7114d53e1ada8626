// The 404 page, inside the site's layout (header and footer from app/layout.tsx).
import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <p className="text-sm font-semibold text-stone-600">404</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-2 text-stone-600">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </p>
      <p className="mt-6 flex justify-center gap-4 text-sm">
        <Link className="underline" href="/">
          Home
        </Link>
        <Link className="underline" href="/search">
          Search
        </Link>
        <Link className="underline" href="/leaderboard">
          Leaderboard
        </Link>
      </p>
    </div>
  );
}
