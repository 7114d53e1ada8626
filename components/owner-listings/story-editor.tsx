'use client';
// The founder story editor: one text per section, a live word count, the rules as a checklist that
// ticks as you write, and a preview. The checklist is computed by the same functions the server
// decides with (lib/founder-story/rules.ts); without JavaScript it is rendered from the saved text.
import { useUnsavedGuard } from '@/components/drafts/use-leave-guard';
import { useActionState, useState } from 'react';
import { saveStoryAction, type StoryState } from '@/lib/actions/founder';
import { idleState } from '@/lib/actions/state';
import { STORY_CHAPTERS } from '@/lib/directory/story';
import { MAX_STORY_SECTION, STORY_SECTIONS, type StorySection } from '@/lib/drafts/types';
import type { FounderStory } from '@/lib/founder-story/story';
import { countWords, storyChecks, storyProgress, type ProfileCheck } from '@/lib/founder-story/rules';
import { STORY_LABELS } from '@/components/drafts/labels';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { inputClass, labelClass } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { FormError, FormStatus } from '@/components/ui/form-status';

type Sections = Partial<Record<StorySection, string>>;

export function StoryEditor({
  listingId,
  listingName,
  sections,
  profile,
  story,
}: {
  listingId: number;
  listingName: string;
  sections: Sections;
  profile: ProfileCheck;
  story: FounderStory;
}) {
  const [state, action, pending] = useActionState<StoryState, FormData>(saveStoryAction, idleState());
  const markUnsaved = useUnsavedGuard(state);
  const initial = (s: StorySection) => state.values?.[`story.${s}`] ?? sections[s] ?? '';
  const [text, setText] = useState<Sections>(() => Object.fromEntries(STORY_SECTIONS.map((s) => [s, initial(s)])));
  const errors = state.fieldErrors ?? {};
  const current = state.status === 'ok' && state.data ? state.data : story;
  const checks = storyChecks(text, profile);
  const met = checks.filter((c) => c.met).length;
  const { words } = storyProgress(text);
  const published = current.status === 'published';

  return (
    <form action={action} onInput={markUnsaved} className="space-y-5" aria-label="Founder story" noValidate>
      <input type="hidden" name="listing_id" value={listingId} />
      <div className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <Badge tone={published ? 'success' : 'warning'}>{published ? 'Published' : 'Draft'}</Badge>
        {published ? (
          <>
            {current.shown_on_listing ? (
              <a href={current.url} className="font-medium text-brand-700 underline underline-offset-2">
                Read it on the site
              </a>
            ) : (
              <span data-testid="story-waits-for-launch">It shows on the site once the listing is live.</span>
            )}
            {met < checks.length && (
              <span className="basis-full text-amber-900" data-testid="story-unpublish-warning">
                Saving now takes it off the site until every rule below is met.
              </span>
            )}
          </>
        ) : (
          <span>Published as soon as every rule below is met when you save.</span>
        )}
      </div>

      <section aria-labelledby="story-rules" className="rounded-xl border border-stone-200 bg-stone-50 p-4">
        <h3 id="story-rules" className="text-sm font-semibold text-stone-900">
          {published ? 'To stay published' : 'Before it publishes'} ({met} of {checks.length} done)
        </h3>
        <p className="sr-only" aria-live="polite">
          {met} of {checks.length} rules met
        </p>
        <ul className="mt-2 space-y-2 text-sm" data-testid="story-checklist">
          {checks.map((c) => (
            <li key={c.key} className="flex gap-2" data-met={c.met}>
              <span
                aria-hidden
                className={`mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full text-xs font-bold ${
                  c.met ? 'bg-emerald-600 text-white' : 'border border-stone-400 bg-white text-stone-400'
                }`}
              >
                {c.met ? '✓' : ''}
              </span>
              <span>
                <span className="sr-only">{c.met ? 'Done: ' : 'To do: '}</span>
                <span className={c.met ? 'text-stone-700' : 'font-medium text-stone-900'}>{c.label}</span>{' '}
                <span className="text-stone-600">({c.progress})</span>
                {c.key === 'profile' && !c.met && (
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-stone-700">
                    {profile.missing.map((m) => (
                      <li key={m.url}>
                        <a href={m.url} className="underline underline-offset-2">
                          {m.reason}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <FormError message={state.status === 'error' ? state.message : undefined} />
      <div className="space-y-4">
        {STORY_SECTIONS.map((s) => {
          const id = `story-${s}`;
          const name = `story.${s}`;
          const error = errors[name];
          const n = countWords(text[s]);
          const common = {
            id,
            name,
            defaultValue: initial(s),
            placeholder: STORY_LABELS[s].hint,
            onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              setText((t) => ({ ...t, [s]: e.target.value })),
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : `${id}-count`,
          };
          return (
            <div key={s}>
              <div className="flex items-baseline justify-between gap-3">
                <label htmlFor={id} className={labelClass}>
                  {STORY_LABELS[s].label}
                </label>
                <span id={`${id}-count`} className="text-xs text-stone-600 tabular-nums">
                  {s === 'title' ? 'not counted' : `${n} ${n === 1 ? 'word' : 'words'}`}
                </span>
              </div>
              {s === 'title' ? (
                <input {...common} maxLength={200} className={`${inputClass} mt-1`} />
              ) : (
                <textarea {...common} rows={5} maxLength={MAX_STORY_SECTION} className={`${inputClass} mt-1`} />
              )}
              <FieldError id={`${id}-error`} className="mt-1">
                {error}
              </FieldError>
            </div>
          );
        })}
      </div>
      <p className="text-sm text-stone-700 tabular-nums" data-testid="story-word-total">
        {words} {words === 1 ? 'word' : 'words'} in all
      </p>

      <details className="rounded-xl border border-stone-200 p-4">
        <summary className="cursor-pointer text-sm font-semibold text-stone-900">Preview</summary>
        <article className="mt-4">
          <h3 className="text-2xl font-bold tracking-tight text-stone-900">
            {text.title?.trim() || `The story behind ${listingName}`}
          </h3>
          {STORY_CHAPTERS.filter((c) => text[c.key]?.trim()).map((c) => (
            <section key={c.key} className="mt-5">
              <h4 className="text-lg font-semibold text-stone-900">{c.label}</h4>
              <p className="mt-1 leading-7 whitespace-pre-line text-stone-700">{text[c.key]}</p>
            </section>
          ))}
          {!storyProgress(text).sections && <p className="mt-3 text-sm text-stone-600">Nothing written yet.</p>}
        </article>
      </details>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : met === checks.length ? 'Save and publish' : 'Save story'}
        </Button>
        <FormStatus state={state.status === 'ok' && !pending ? state : { status: 'idle' }} />
      </div>
    </form>
  );
}
