import type { Metadata } from 'next';
import { cachedInterviewQuestions } from '@/lib/directory/cached';
import { cardClass } from '@/components/ui/card';

export const metadata: Metadata = {
  title: 'Founder interview',
  description: 'The questions founders on this site answer about their products.',
  alternates: { canonical: '/interview' },
};
export const dynamic = 'force-dynamic';

export default async function InterviewPage() {
  const questions = await cachedInterviewQuestions();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Founder interview</h1>
        <p className="text-stone-600">
          Every founder can answer these questions on their profile. Answers appear on the founder’s page as they come
          in.
        </p>
      </div>
      <ol className="space-y-3">
        {questions.map((q, i) => (
          <li key={q.key} id={q.key} className={`flex gap-4 p-4 sm:p-5 ${cardClass}`}>
            <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
              {i + 1}
            </span>
            <div>
              <h2 className="font-semibold text-stone-900">{q.question}</h2>
              {q.helpText && <p className="mt-1 text-sm text-stone-600">{q.helpText}</p>}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
