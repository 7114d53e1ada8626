// What the search page shows in place of results while the database protects itself (a statement
// timeout, every search slot of the server taken). The page marks its render 503 (markRenderStatus),
// so it is answered 503 with Retry-After and never kept. The form above it stays, with the words as typed.
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

export function SearchBusy({ retryHref }: { retryHref: string }) {
  return (
    <div
      role="alert"
      data-testid="search-busy"
      className="rounded-xl border border-amber-300 bg-amber-50 px-6 py-8 text-center"
    >
      <h2 className="font-semibold text-stone-900">Search is busy right now</h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-stone-700">
        Too many searches are running at once. Your search was not lost: try it again in a moment.
      </p>
      <Link href={retryHref} prefetch={false} className={buttonClass('neutral', 'md', 'mt-4')}>
        Try again
      </Link>
    </div>
  );
}
