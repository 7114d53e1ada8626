import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { requireUser } from '@/lib/auth/session';
import { listInterviewQuestions } from '@/lib/catalog/catalog';
import { ownAnswers } from '@/lib/founders/interview';
import { InterviewForm } from '@/components/founders/interview-form';

export const metadata: Metadata = { title: 'Founder interview' };
export const dynamic = 'force-dynamic';

export default async function AccountInterviewPage() {
  const user = await requireUser('/account/interview');
  const db = await getDb();
  const [questions, mine] = await Promise.all([listInterviewQuestions(db), ownAnswers(db, user.id)]);
  const answers = new Map(mine.answers.map((a) => [a.question_key, a.answer]));
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Founder interview</h1>
        <p className="mt-1 max-w-2xl text-sm text-stone-600">
          Answer any of these in your own words. Answers appear on your founder page and on the{' '}
          <Link href="/interview" className="font-medium text-brand-700 underline underline-offset-2">
            interview page
          </Link>{' '}
          once one of your products is live. Empty an answer to remove it.
        </p>
      </header>
      <InterviewForm
        questions={questions.map((q) => ({
          key: q.key,
          question: q.question,
          helpText: q.helpText,
          answer: answers.get(q.key) ?? '',
        }))}
      />
    </div>
  );
}
