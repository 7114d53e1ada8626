'use client';
// The editor's sticky bottom bar: what state the edits are in (Saving… / Saved), Save, and Submit.
import type { EditorState } from '@/lib/actions/drafts';
import { SignInAgainLink } from '@/components/ui/form-status';
import { Button } from '@/components/ui/button';

/** The autosave's last news; `edits`: the edit count a failed attempt covered. */
export type AutosaveState = { phase: 'idle' | 'saving' | 'saved' } | { phase: 'error'; edits: number; message: string };

type Props = {
  pending: boolean;
  dirty: boolean;
  state: EditorState;
  submitted: boolean;
  autosave: boolean;
  auto: AutosaveState;
  conflict: boolean;
};

export function ActionBar({ pending, dirty, state, submitted, autosave, auto, conflict }: Props) {
  let text: React.ReactNode = submitted
    ? 'Saved. Changes you save also update your listing.'
    : autosave
      ? 'Changes save as you type. Nothing is public until you submit.'
      : 'Review the fields, then submit. Nothing is public yet.';
  // On phones the idle hint is hidden to keep the bar small; news (saving, errors) always shows.
  let tone = 'hidden text-stone-600 sm:block';
  if (pending || auto.phase === 'saving') text = 'Saving…';
  else if (conflict) {
    text = 'Not saved: this draft was changed in another tab or window. Choose what to keep above.';
    tone = 'text-red-700';
  } else if (auto.phase === 'error') {
    text = auto.message;
    tone = 'text-red-700';
  } else if (auto.phase !== 'saved' && state.status === 'error' && state.message) {
    text = state.message;
    tone = 'text-red-700';
  } else if (dirty) {
    text = 'You have unsaved changes.';
    tone = 'text-amber-800';
  } else if (auto.phase === 'saved') {
    text = 'Saved.';
    tone = 'text-emerald-700';
  } else if (state.status === 'ok' && state.message) {
    text = state.message;
    tone = 'text-emerald-700';
  }
  return (
    <div
      data-sticky-bar
      className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgba(0,0,0,0.12)] backdrop-blur sm:mx-0 sm:rounded-t-2xl sm:border-x"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p role="status" aria-live="polite" className={`min-w-0 text-sm ${tone}`} data-testid="save-status">
          {text}
          <SignInAgainLink message={text} />
        </p>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <Button type="submit" name="intent" value="save" variant="secondary" disabled={pending}>
            Save draft
          </Button>
          <Button type="submit" name="intent" value="submit" disabled={pending}>
            {submitted ? 'Update listing' : 'Submit listing'}
          </Button>
        </div>
      </div>
    </div>
  );
}
