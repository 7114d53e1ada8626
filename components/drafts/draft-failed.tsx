// A draft that could not be built: the reason in plain words, a way to try again, and a way to remove
// it from the owner's drafts (it holds nothing to keep).
import Link from 'next/link';
import { removeFailedDraftAction, retryDraftAction } from '@/lib/actions/drafts';
import type { DraftView } from '@/lib/drafts/types';
import { FAILURE_COPY, hostOf } from './labels';
import { Button, buttonClass } from '@/components/ui/button';

export function DraftFailed({ draft }: { draft: DraftView }) {
  const reason = draft.failure?.reason ?? 'internal';
  const copy = FAILURE_COPY[reason];
  return (
    <section
      aria-labelledby="failed-heading"
      className="mx-auto max-w-2xl rounded-2xl border border-red-200 bg-white p-5 shadow-xs sm:p-8"
    >
      <p className="truncate text-sm text-stone-500">{hostOf(draft.url)}</p>
      <h1 id="failed-heading" className="mt-1 text-xl font-bold tracking-tight text-red-900 sm:text-2xl">
        {copy.title}
      </h1>
      <p className="mt-2 text-stone-700">{copy.help}</p>
      {draft.failure?.message && (
        <p className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-600">
          <span className="font-medium text-stone-800">Details: </span>
          {draft.failure.message}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        <form action={retryDraftAction}>
          <input type="hidden" name="draft_id" value={draft.id} />
          <Button type="submit">Try again</Button>
        </form>
        <Link href={`/submit?url=${encodeURIComponent(draft.url)}`} className={buttonClass('secondary')}>
          Use a different address
        </Link>
        <form action={removeFailedDraftAction}>
          <input type="hidden" name="draft_id" value={draft.id} />
          <Button type="submit" variant="danger-outline">
            Remove from my drafts
          </Button>
        </form>
      </div>
    </section>
  );
}
