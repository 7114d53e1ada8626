'use client';
// When the root layout itself fails: a page of its own (it replaces app/layout.tsx), with the same
// request id as app/error.tsx.
import Link from 'next/link';
import './globals.css';

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <header className="border-b border-stone-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-3 font-bold">
            <Link href="/">Product Directory</Link>
          </div>
        </header>
        <main className="mx-auto w-full max-w-xl flex-1 px-4 py-10 text-center">
          <h1 className="text-2xl font-bold tracking-tight">Something went wrong on our side</h1>
          <p className="mt-2 text-stone-600">Please try again in a moment.</p>
          {error.digest && (
            <p className="mt-4 text-sm text-stone-700">
              Request id: <code data-testid="request-id">{error.digest}</code>
            </p>
          )}
        </main>
      </body>
    </html>
  );
}
