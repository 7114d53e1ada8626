// The 400 page: proxy.ts rewrites a page request whose query holds a NUL here, with status 400.
import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Bad request', robots: { index: false } };

export default function BadRequestPage() {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <p className="text-sm font-semibold text-stone-600">400</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">This address cannot be read</h1>
      <p className="mt-2 text-stone-600">
        The address holds characters no page accepts (such as a NUL). Check the link, or start again from the home page.
      </p>
      <p className="mt-6 flex justify-center gap-4 text-sm">
        <Link className="underline" href="/">
          Home
        </Link>
        <Link className="underline" href="/search">
          Search
        </Link>
      </p>
    </div>
  );
}
