// Public founder profiles: shown only for people behind at least one live listing.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { founderProfiles, listingFounders, listings, LISTING_STATUS } from '@/db/schema';
import type { Socials } from '@/db/schema';
import { profileAnswers } from '@/lib/founders/interview';
import { summaryColumns, type SummaryRow } from '@/lib/listings/summary';

export type PublicFounderProfile = {
  slug: string;
  name: string;
  role: string | null;
  bio: string | null;
  photoUrl: string | null;
  socials: Socials;
  listings: SummaryRow[];
  /** Their interview answers, in the questions' order. */
  answers: { key: string; question: string; answer: string }[];
};

export async function getPublicFounder(db: DbOrTx, slug: string): Promise<PublicFounderProfile | null> {
  const [f] = await db.select().from(founderProfiles).where(eq(founderProfiles.slug, slug)).limit(1);
  if (!f) return null;
  const products = await db
    .select(summaryColumns)
    .from(listingFounders)
    .innerJoin(listings, eq(listings.id, listingFounders.listingId))
    .where(and(eq(listingFounders.founderId, f.id), eq(listings.status, LISTING_STATUS.live)))
    .orderBy(desc(listings.votesCount));
  if (products.length === 0) return null;
  const answers = await profileAnswers(db, f.id);
  return {
    slug: f.slug,
    name: f.name,
    role: f.role,
    bio: f.bio,
    photoUrl: f.photoUrl,
    socials: f.socials ?? {},
    listings: products,
    answers: answers.map((a) => ({ key: a.key, question: a.question, answer: a.answer })),
  };
}
