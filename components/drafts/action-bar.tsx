'use client';
// The editor's sticky bottom bar: what state the edits are in, Save, and Submit.
import type { EditorState } from '@/lib/actions/drafts';

export function ActionBar({ pending, dirty, state, submitted }: { pending: boolean; dirty: boolean; state: EditorState; submitted: boolean }) {
  let text: React.ReactNode = submitted ? 'Saved. Changes you save also update your listing.' : 'Review the fields, then submit. Nothing is public yet.';
  // On phones the idle hint is hidden to keep the bar small; news (saving, errors) always shows.
  let tone = 'hidden text-stone-600 sm:block';
  if (pending) text = 'Saving…';
  else if (state.formError) {
    text = state.formError;
    tone = 'text-red-700';
  } else if (dirty) {
    text = 'You have unsaved changes.';
    tone = 'text-amber-800';
  } else if (state.message) {
    text = state.message;
    tone = 'text-emerald-700';
  }
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgba(0,0,0,0.12)] backdrop-blur sm:mx-0 sm:rounded-t-2xl sm:border-x">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p role="status" aria-live="polite" className={`min-w-0 text-sm ${tone}`} data-testid="save-status">
          {text}
        </p>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={pending}
            className="rounded-lg px-4 py-2.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-60"
          >
            Save draft
          </button>
          <button
            type="submit"
            name="intent"
            value="submit"
            disabled={pending}
            className="rounded-lg bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60"
          >
            {submitted ? 'Update listing' : 'Submit listing'}
          </button>
        </div>
      </div>
    </div>
  );
}
