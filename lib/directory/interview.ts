// Interview answers on the public pages: a founder's own (their founder page) and the most recent
// under each question (/interview). Only founders behind a live listing are public (as
// getPublicFounder decides), so only their answers show.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import {
  founderProfiles,
  interviewAnswers,
  interviewQuestions,
  listingFounders,
  listings,
  LISTING_STATUS,
} from '@/db/schema';

export type PublicAnswer = {
  questionKey: string;
  answer: string;
  updatedAt: string;
  founder: { slug: string; name: string; role: string | null; photoUrl: string | null };
};

const behindLiveListing = sql`exists (select 1 from ${listingFounders} lf join ${listings} l on l.id = lf.listing_id
  where lf.founder_id = ${founderProfiles.id} and l.status = ${LISTING_STATUS.live})`;

/** The newest `perQuestion` public answers of each active question, newest first. */
export async function recentAnswers(db: DbOrTx, perQuestion = 3): Promise<PublicAnswer[]> {
  const ranked = db
    .select({
      questionKey: interviewQuestions.key,
      answer: interviewAnswers.answer,
      updatedAt: interviewAnswers.updatedAt,
      slug: founderProfiles.slug,
      name: founderProfiles.name,
      role: founderProfiles.role,
      photoUrl: founderProfiles.photoUrl,
      rank: sql<number>`row_number() over (partition by ${interviewAnswers.questionId} order by ${interviewAnswers.updatedAt} desc, ${interviewAnswers.founderId})`.as(
        'rank',
      ),
    })
    .from(interviewAnswers)
    .innerJoin(interviewQuestions, eq(interviewQuestions.id, interviewAnswers.questionId))
    .innerJoin(founderProfiles, eq(founderProfiles.id, interviewAnswers.founderId))
    .where(and(eq(interviewQuestions.active, true), behindLiveListing))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perQuestion))
    .orderBy(asc(ranked.questionKey), asc(ranked.rank));
  return rows.map((r) => ({
    questionKey: r.questionKey,
    answer: r.answer,
    updatedAt: new Date(r.updatedAt).toISOString(),
    founder: { slug: r.slug, name: r.name, role: r.role, photoUrl: r.photoUrl },
  }));
}
