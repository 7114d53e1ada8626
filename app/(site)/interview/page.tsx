import type { Metadata } from 'next';
import Link from 'next/link';
import { cachedInterviewAnswers, cachedInterviewQuestions } from '@/lib/directory/cached';
import { cardClass } from '@/components/ui/card';

export const metadata: Metadata = {
  title: 'Founder interview',
  description: 'The questions founders on this site answer about their products.',
  alternates: { canonical: '/interview' },
};
export const dynamic = 'force-dynamic';

export default async function InterviewPage() {
  const [questions, answers] = await Promise.all([cachedInterviewQuestions(), cachedInterviewAnswers()]);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Founder interview</h1>
        <p className="text-stone-600">
          Every founder can answer these questions on their profile. The newest answers show under each question, and
          every answer on the founder’s page.
        </p>
        {answers.length === 0 && (
          <p className="mt-2 text-sm text-stone-600">
            No answers are public yet: they show once a founder who answered has a live product.
          </p>
        )}
      </div>
      <ol className="space-y-3">
        {questions.map((q, i) => (
          <li key={q.key} id={q.key} className={`flex gap-4 p-4 sm:p-5 ${cardClass}`}>
            <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
              {i + 1}
            </span>
            <div className="min-w-0">
              <h2 className="font-semibold text-stone-900">{q.question}</h2>
              {q.helpText && <p className="mt-1 text-sm text-stone-600">{q.helpText}</p>}
              {answers.some((a) => a.questionKey === q.key) && (
                <ul className="mt-3 space-y-3">
                  {answers
                    .filter((a) => a.questionKey === q.key)
                    .map((a) => (
                      <li key={a.founder.slug} className="border-brand-200 border-l-2 pl-3">
                        <p className="line-clamp-4 wrap-anywhere whitespace-pre-line text-stone-700">{a.answer}</p>
                        <p className="mt-1 text-sm text-stone-600">
                          <Link
                            href={`/founders/${a.founder.slug}`}
                            className="font-medium text-stone-800 underline underline-offset-2"
                          >
                            {a.founder.name}
                          </Link>
                          {a.founder.role && <>, {a.founder.role}</>}
                        </p>
                      </li>
                    ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
