'use client';
// The 500 page, inside the site's layout. It shows the request's id (proxy.ts, in a <meta> of the
// layout), which instrumentation.ts (onRequestError) writes to the server log with the error's digest;
// without it (a client-side error), the digest.
import Link from 'next/link';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const metaRequestId = () => document.querySelector<HTMLMetaElement>('meta[name="request-id"]')?.content ?? null;

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const id = useSyncExternalStore(noSubscription, metaRequestId, () => null) ?? error.digest;
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <p className="text-sm font-semibold text-stone-600">500</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">Something went wrong on our side</h1>
      <p className="mt-2 text-stone-600">
        Please try again in a moment. If it keeps happening, tell us the request id below.
      </p>
      {id && (
        <p className="mt-4 text-sm text-stone-700">
          Request id:{' '}
          <code className="rounded bg-stone-100 px-1.5 py-0.5" data-testid="request-id">
            {id}
          </code>
        </p>
      )}
      <p className="mt-6 flex justify-center gap-4 text-sm">
        <button type="button" className="underline" onClick={() => reset()}>
          Try again
        </button>
        <Link className="underline" href="/">
          Home
        </Link>
      </p>
    </div>
  );
}
