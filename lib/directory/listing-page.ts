// Everything the public product page shows, in one read. Only live listings are public; the
// result is plain JSON (dates as ISO strings) so it can sit in the page cache.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { categories, follows, founderProfiles, founderStories, listingCategories, listingFounders, listingMilestones, listings, listingUpdates } from '@/db/schema';
import type { Faq, Socials, StorySections } from '@/db/schema';

export type PublicFounder = { slug: string; name: string; role: string | null; bio: string | null; photoUrl: string | null; socials: Socials; isPrimary: boolean };
export type PublicMilestone = { id: number; date: string; title: string; description: string | null; url: string | null };
export type PublicUpdate = { id: number; title: string; body: string; createdAt: string };

export type PublicListing = {
  id: number;
  slug: string;
  name: string;
  url: string;
  headline: string;
  summary: string;
  description: string;
  logoUrl: string | null;
  plan: string;
  launchWeek: string | null;
  launchedAt: string | null;
  companyName: string | null;
  foundedYear: number | null;
  headquarters: string | null;
  teamSize: string | null;
  pricing: string | null;
  socials: Socials;
  faqs: Faq[];
  seo: { title?: string; description?: string; keywords?: string[] };
  votes: number;
  followers: number;
  categories: { slug: string; name: string }[];
  founders: PublicFounder[];
  updates: PublicUpdate[];
  /** null when the milestones section is not shown on this listing. */
  milestones: PublicMilestone[] | null;
  story: { title: string | null; sections: StorySections; publishedAt: string | null } | null;
  updatedAt: string;
};

/** Milestones show publicly on paid listings, or when the owner unlocked the section. */
export function milestonesShown(l: { plan: string; unlockedSections: string[] }): boolean {
  return l.plan === 'paid' || l.unlockedSections.includes('milestones');
}

/** The id of the live listing with this slug (null for drafts and anything else not public). */
export async function publicListingIdBySlug(db: DbOrTx, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.slug, slug), eq(listings.status, 'live'))).limit(1);
  return row?.id ?? null;
}

export async function getPublicListing(db: DbOrTx, by: { slug: string } | { id: number }, opts: { updates?: number } = {}): Promise<PublicListing | null> {
  const key = 'slug' in by ? eq(listings.slug, by.slug) : eq(listings.id, by.id);
  const [l] = await db.select().from(listings).where(and(key, eq(listings.status, 'live'))).limit(1);
  if (!l) return null;
  const showMilestones = milestonesShown(l);
  const [cats, founders, updates, milestones, story, followers] = await Promise.all([
    db
      .select({ slug: categories.slug, name: categories.name })
      .from(listingCategories)
      .innerJoin(categories, eq(categories.id, listingCategories.categoryId))
      .where(eq(listingCategories.listingId, l.id))
      .orderBy(desc(listingCategories.isPrimary), asc(listingCategories.position), asc(categories.name)),
    db
      .select({
        slug: founderProfiles.slug,
        name: founderProfiles.name,
        role: founderProfiles.role,
        bio: founderProfiles.bio,
        photoUrl: founderProfiles.photoUrl,
        socials: founderProfiles.socials,
        isPrimary: listingFounders.isPrimary,
      })
      .from(listingFounders)
      .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
      .where(eq(listingFounders.listingId, l.id))
      .orderBy(desc(listingFounders.isPrimary), asc(listingFounders.position)),
    db
      .select({ id: listingUpdates.id, title: listingUpdates.title, body: listingUpdates.body, createdAt: listingUpdates.createdAt })
      .from(listingUpdates)
      .where(eq(listingUpdates.listingId, l.id))
      .orderBy(desc(listingUpdates.createdAt), desc(listingUpdates.id))
      .limit(opts.updates ?? 10),
    showMilestones
      ? db
          .select({ id: listingMilestones.id, date: listingMilestones.date, title: listingMilestones.title, description: listingMilestones.description, url: listingMilestones.url })
          .from(listingMilestones)
          .where(eq(listingMilestones.listingId, l.id))
          .orderBy(desc(listingMilestones.date), desc(listingMilestones.id))
      : Promise.resolve(null),
    db
      .select({ sections: founderStories.sections, publishedAt: founderStories.publishedAt })
      .from(founderStories)
      .where(and(eq(founderStories.listingId, l.id), eq(founderStories.status, 'published')))
      .limit(1),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(follows).where(eq(follows.listingId, l.id)),
  ]);
  return {
    id: l.id,
    slug: l.slug,
    name: l.name,
    url: l.url,
    headline: l.headline,
    summary: l.summary,
    description: l.description,
    logoUrl: l.logoUrl,
    plan: l.plan,
    launchWeek: l.launchWeek,
    launchedAt: l.launchedAt?.toISOString() ?? null,
    companyName: l.companyName,
    foundedYear: l.foundedYear,
    headquarters: l.headquarters,
    teamSize: l.teamSize,
    pricing: l.pricing,
    socials: l.socials ?? {},
    faqs: (l.faqs ?? []).slice(0, 5),
    seo: l.seo ?? {},
    votes: l.votesCount,
    followers: followers[0]?.n ?? 0,
    categories: cats,
    founders,
    updates: updates.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
    milestones,
    story: story[0]
      ? { title: story[0].sections.title ?? null, sections: story[0].sections, publishedAt: story[0].publishedAt?.toISOString() ?? null }
      : null,
    updatedAt: l.updatedAt.toISOString(),
  };
}
