'use client';
// The founder interview: one answer per active question, saved together (only changed ones are
// written); an emptied answer is removed. Works without JavaScript.
import { useUnsavedGuard } from '@/components/drafts/use-leave-guard';
import { useActionState, useState } from 'react';
import { saveInterviewAction, type InterviewState } from '@/lib/actions/founder';
import { idleState } from '@/lib/actions/state';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { inputClass } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { FormError, FormStatus } from '@/components/ui/form-status';

export type InterviewQuestionView = { key: string; question: string; helpText: string; answer: string };

const MAX_ANSWER = 4000;

export function InterviewForm({ questions }: { questions: InterviewQuestionView[] }) {
  const [state, action, pending] = useActionState<InterviewState, FormData>(saveInterviewAction, idleState());
  const markUnsaved = useUnsavedGuard(state);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} onInput={markUnsaved} className="space-y-4" aria-label="Founder interview" noValidate>
      <FormError message={state.status === 'error' ? state.message : undefined} />
      <ol className="space-y-4">
        {questions.map((q, i) => {
          const name = `answer.${q.key}`;
          const id = `q-${q.key}`;
          const error = errors[name];
          return (
            <li key={q.key} className={`${cardClass} p-4 sm:p-5`}>
              <label htmlFor={id} className="block font-semibold text-stone-900">
                <span className="mr-2 text-stone-500">{i + 1}.</span>
                {q.question}
              </label>
              {q.helpText && (
                <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
                  {q.helpText}
                </p>
              )}
              <AnswerBox
                id={id}
                name={name}
                defaultValue={state.values?.[name] ?? q.answer}
                error={error}
                hinted={!!q.helpText}
              />
              <FieldError id={`${id}-error`}>{error}</FieldError>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save answers'}
        </Button>
        <FormStatus state={state.status === 'ok' && !pending ? state : { status: 'idle' }} />
      </div>
    </form>
  );
}

/** One answer, with its length under it ("120 / 4000 characters"): longer text is not taken. */
function AnswerBox(p: { id: string; name: string; defaultValue: string; error?: string; hinted: boolean }) {
  const [length, setLength] = useState(p.defaultValue.length);
  const described = [p.error ? `${p.id}-error` : p.hinted ? `${p.id}-hint` : '', `${p.id}-count`].filter(Boolean);
  return (
    <>
      <textarea
        id={p.id}
        name={p.name}
        rows={4}
        maxLength={MAX_ANSWER}
        defaultValue={p.defaultValue}
        onChange={(e) => setLength(e.currentTarget.value.length)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={described.join(' ')}
        className={`${inputClass} mt-2`}
      />
      <p
        id={`${p.id}-count`}
        className={`mt-1 text-right text-xs ${length >= MAX_ANSWER ? 'text-red-700' : 'text-stone-600'}`}
      >
        {length} / {MAX_ANSWER} characters
      </p>
    </>
  );
}
