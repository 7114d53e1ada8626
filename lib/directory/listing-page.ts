// Everything the public product page shows, in one query. Only live listings are public; the
// result is plain JSON (dates as ISO strings) so it can sit in the page cache.
import { and, eq, getTableColumns, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { listings, LISTING_PLAN, LISTING_STATUS } from '@/db/schema';
import type { Faq, Socials, StorySections } from '@/db/schema';
import { listingIdRef } from '@/lib/listings/summary';

export type PublicFounder = {
  slug: string;
  name: string;
  role: string | null;
  bio: string | null;
  photoUrl: string | null;
  socials: Socials;
  isPrimary: boolean;
};
export type PublicMilestone = {
  id: number;
  date: string;
  title: string;
  description: string | null;
  url: string | null;
};
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
  return l.plan === LISTING_PLAN.paid || l.unlockedSections.includes('milestones');
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** Each related list as one JSON value of a correlated subquery, so the page is one round trip. */
const related = (updatesLimit: Placeholder) => ({
  categories: sql<unknown>`coalesce((
    select json_agg(json_build_object('slug', c.slug, 'name', c.name) order by lc.is_primary desc, lc.position, c.name)
    from listing_categories lc join categories c on c.id = lc.category_id
    where lc.listing_id = ${listingIdRef}), '[]'::json)`,
  founders: sql<unknown>`coalesce((
    select json_agg(json_build_object('slug', f.slug, 'name', f.name, 'role', f.role, 'bio', f.bio, 'photoUrl', f.photo_url,
      'socials', f.socials, 'isPrimary', lf.is_primary) order by lf.is_primary desc, lf.position)
    from listing_founders lf join founder_profiles f on f.id = lf.founder_id
    where lf.listing_id = ${listingIdRef}), '[]'::json)`,
  updates: sql<unknown>`coalesce((
    select json_agg(json_build_object('id', u.id, 'title', u.title, 'body', u.body, 'createdAt', u.created_at) order by u.created_at desc, u.id desc)
    from (select id, title, body, created_at from listing_updates
          where listing_id = ${listingIdRef} order by created_at desc, id desc limit ${updatesLimit}) u), '[]'::json)`,
  milestones: sql<unknown>`coalesce((
    select json_agg(json_build_object('id', m.id, 'date', m.date, 'title', m.title, 'description', m.description, 'url', m.url) order by m.date desc, m.id desc)
    from listing_milestones m where m.listing_id = ${listingIdRef}), '[]'::json)`,
  story: sql<unknown>`(
    select json_build_object('sections', s.sections, 'publishedAt', s.published_at)
    from founder_stories s where s.listing_id = ${listingIdRef} and s.status = 'published' limit 1)`,
  followers: sql<number>`(select count(*) from follows fl where fl.listing_id = ${listingIdRef})`.mapWith(Number),
});

function pageQuery(db: DbOrTx, by: 'slug' | 'id') {
  const key = by === 'slug' ? eq(listings.slug, sql.placeholder('slug')) : eq(listings.id, sql.placeholder('id'));
  return db
    .select({ l: getTableColumns(listings), ...related(sql.placeholder('updates')) })
    .from(listings)
    .where(and(key, eq(listings.status, LISTING_STATUS.live)))
    .limit(1)
    .prepare(`listing_page_by_${by}`);
}

type PageQueries = { slug: ReturnType<typeof pageQuery>; id: ReturnType<typeof pageQuery> };
const prepared = new WeakMap<DbOrTx, PageQueries>();

/** The query is built once per database handle: the page pays for running it, not for composing it. */
function pageQueries(db: DbOrTx): PageQueries {
  let q = prepared.get(db);
  if (!q) {
    q = { slug: pageQuery(db, 'slug'), id: pageQuery(db, 'id') };
    prepared.set(db, q);
  }
  return q;
}

/** The live listing's page data (null for drafts and anything else not public), in one query. */
export async function getPublicListing(
  db: DbOrTx,
  by: { slug: string } | { id: number },
  opts: { updates?: number } = {},
): Promise<PublicListing | null> {
  const queries = pageQueries(db);
  const updates = opts.updates ?? 10;
  const [row] =
    'slug' in by
      ? await queries.slug.execute({ slug: by.slug, updates })
      : await queries.id.execute({ id: by.id, updates });
  if (!row) return null;
  const l = row.l;
  const story = json<{ sections: StorySections; publishedAt: string | null } | null>(row.story);
  const recent = json<(Omit<PublicUpdate, 'createdAt'> & { createdAt: string })[]>(row.updates);
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
    followers: row.followers ?? 0,
    categories: json<PublicListing['categories']>(row.categories),
    founders: json<PublicFounder[]>(row.founders).map((f) => ({ ...f, socials: f.socials ?? {} })),
    updates: recent.map((u) => ({ ...u, createdAt: iso(u.createdAt)! })),
    milestones: milestonesShown(l) ? json<PublicMilestone[]>(row.milestones) : null,
    story: story
      ? { title: story.sections.title ?? null, sections: story.sections, publishedAt: iso(story.publishedAt) }
      : null,
    updatedAt: l.updatedAt.toISOString(),
  };
}
