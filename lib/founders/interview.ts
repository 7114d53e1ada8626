// answer_interview: a founder's answers to the interview questions, kept on their own founder
// profile (created on first answer). Only the answers sent change; an empty answer removes one.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { interviewAnswers, interviewQuestions } from '@/db/schema';
import type { AuthedContext } from '@/lib/context';
import { AppError } from '@/lib/errors/app-error';
import { ensureOwnProfile, expireFounderPages, getOwnProfile } from './profile';

export const MAX_ANSWER = 4000;
export const MAX_ANSWERS_PER_CALL = 50;

export const interviewAnswerItem = z.strictObject({
  question: z
    .union([z.number().int().positive(), z.string().trim().min(1).max(100)])
    .meta({ description: 'The question: its id or its key, from list_interview_questions.', example: 'origin' }),
  answer: z
    .string()
    .max(MAX_ANSWER, `At most ${MAX_ANSWER} characters.`)
    .meta({ description: `Your answer in your own words (at most ${MAX_ANSWER} characters); empty removes it.` }),
});
export type InterviewAnswerItem = z.infer<typeof interviewAnswerItem>;

export const interviewAnswersSchema = z
  .object({
    founder_slug: z
      .string()
      .nullable()
      .meta({ description: 'Your founder profile (its public page is /founders/{slug}).' }),
    answers: z.array(
      z
        .object({
          question_id: z.number().int(),
          question_key: z.string(),
          question: z.string().meta({ description: 'The question as asked.' }),
          answer: z.string(),
          updated_at: z.string(),
        })
        .meta({ id: 'InterviewAnswer' }),
    ),
  })
  .meta({ id: 'InterviewAnswers' });
export type InterviewAnswers = z.infer<typeof interviewAnswersSchema>;

/** All of a founder profile's answers, in the questions' order. */
export async function profileAnswers(db: DbOrTx, founderId: number) {
  return db
    .select({
      questionId: interviewQuestions.id,
      key: interviewQuestions.key,
      question: interviewQuestions.question,
      answer: interviewAnswers.answer,
      updatedAt: interviewAnswers.updatedAt,
    })
    .from(interviewAnswers)
    .innerJoin(interviewQuestions, eq(interviewQuestions.id, interviewAnswers.questionId))
    .where(eq(interviewAnswers.founderId, founderId))
    .orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id));
}

/** The account's answers (none when it has no founder profile yet). */
export async function ownAnswers(db: DbOrTx, userId: string): Promise<InterviewAnswers> {
  const profile = await getOwnProfile(db, userId);
  if (!profile) return { founder_slug: null, answers: [] };
  return { founder_slug: profile.slug, answers: toView(await profileAnswers(db, profile.id)) };
}

const toView = (rows: Awaited<ReturnType<typeof profileAnswers>>): InterviewAnswers['answers'] =>
  rows.map((r) => ({
    question_id: r.questionId,
    question_key: r.key,
    question: r.question,
    answer: r.answer,
    updated_at: r.updatedAt.toISOString(),
  }));

/** Saves the answers sent (by question id or key) on the caller's founder profile; returns all its answers. */
export async function answerInterview(ctx: AuthedContext, items: InterviewAnswerItem[]): Promise<InterviewAnswers> {
  const userId = ctx.principal.userId;
  const result = await ctx.db.transaction(async (tx) => {
    const questions = await tx
      .select({ id: interviewQuestions.id, key: interviewQuestions.key })
      .from(interviewQuestions)
      .where(eq(interviewQuestions.active, true));
    const errors: { path: string; message: string }[] = [];
    const chosen = new Map<number, string>();
    items.forEach((item, i) => {
      // An id written as text ("3") is an id, as ids in paths and bodies are elsewhere.
      const q = questions.find((x) =>
        typeof item.question === 'number'
          ? x.id === item.question
          : x.key === item.question || (/^\d{1,9}$/.test(item.question) && x.id === Number(item.question)),
      );
      if (!q)
        errors.push({
          path: `answers.${i}.question`,
          message: `Unknown question ${JSON.stringify(item.question)}: use an id or key from list_interview_questions.`,
        });
      else if (chosen.has(q.id))
        errors.push({
          path: `answers.${i}.question`,
          message: `Question "${q.key}" is answered twice in this request.`,
        });
      else if (item.answer.length > MAX_ANSWER)
        errors.push({ path: `answers.${i}.answer`, message: `At most ${MAX_ANSWER} characters.` });
      else chosen.set(q.id, item.answer.trim());
    });
    if (errors.length)
      throw new AppError(
        'validation_failed',
        `Invalid input at ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
        {
          errors,
        },
      );
    const profile = await ensureOwnProfile(tx, userId);
    const removed = [...chosen].filter(([, a]) => !a).map(([id]) => id);
    if (removed.length)
      await tx
        .delete(interviewAnswers)
        .where(and(eq(interviewAnswers.founderId, profile.id), inArray(interviewAnswers.questionId, removed)));
    for (const [questionId, answer] of chosen) {
      if (!answer) continue;
      await tx
        .insert(interviewAnswers)
        .values({ founderId: profile.id, questionId, answer, createdAt: ctx.now, updatedAt: ctx.now })
        .onConflictDoUpdate({
          target: [interviewAnswers.founderId, interviewAnswers.questionId],
          set: { answer, updatedAt: ctx.now },
        });
    }
    return { profile, answers: toView(await profileAnswers(tx, profile.id)) };
  });
  await expireFounderPages(ctx.db, result.profile);
  return { founder_slug: result.profile.slug, answers: result.answers };
}
