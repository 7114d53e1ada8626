// The owner's view of a listing (get_my_listing): status, plan, launch week, unlocked sections, all
// public content, and what the owner needs next (public page, the same product on other sites).
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { milestonesShown } from '@/lib/directory/listing-page';
import type { DbOrTx } from '@/db/client';
import {
  founderProfiles,
  founderStories,
  listingFounders,
  listingMilestones,
  listings,
  listingUpdates,
  sites,
  LISTING_PLANS,
  LISTING_STATUSES,
} from '@/db/schema';
import type { OpContext } from '@/lib/context';
import type { ListingRow } from './access';
import { LISTING_FIELDS } from './listing-fields';

export const milestoneSchema = z
  .object({
    id: z.number().int(),
    date: z.string().meta({ description: 'YYYY-MM-DD', example: '2026-03-01' }),
    title: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable().meta({ description: 'A link starting with https://' }),
  })
  .meta({ id: 'Milestone' });

export const listingUpdateSchema = z
  .object({ id: z.number().int(), title: z.string(), body: z.string(), created_at: z.string() })
  .meta({ id: 'ListingUpdate' });

export const myListingSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    status: z.enum(LISTING_STATUSES as [string, ...string[]]),
    status_reason: z.string().nullable().meta({ description: 'Why the site team rejected or archived it.' }),
    plan: z.enum(LISTING_PLANS as [string, ...string[]]),
    launch_week: z.string().nullable().meta({ description: 'ISO week, e.g. 2026-W51.' }),
    launched_at: z.string().nullable(),
    unlocked_sections: z.array(z.string()).meta({
      description:
        'Paid sections the public page shows: bought one by one (unlock_milestones), or with a paid launch (milestones).',
    }),
    version: z.number().int().meta({
      description:
        'Send it back as `version` to refuse a stale edit. It counts edits of the listing’s content (what update_my_listing changes); a launch choice, a badge check or a status change does not change it, nor the ETag.',
    }),
    name: z.string(),
    url: z.string(),
    votes: z.number().int(),
    headline: z.string(),
    summary: z.string(),
    description: z.string(),
    company_name: z.string().nullable(),
    founded_year: z.number().int().nullable(),
    headquarters: z.string().nullable(),
    team_size: z.string().nullable(),
    pricing: z.string().nullable(),
    contact_email: z.string().nullable(),
    logo_url: z.string().nullable(),
    categories: z.array(z.string()).meta({ description: 'Category names, primary first.' }),
    socials: z.record(z.string(), z.string()),
    faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
    seo: z.object({
      title: z.string().optional(),
      description: z.string().optional(),
      keywords: z.array(z.string()).optional(),
    }),
    competitor_url: z.string().nullable(),
    founders: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        role: z.string().nullable(),
        photo_url: z.string().nullable(),
        is_primary: z.boolean(),
      }),
    ),
    milestones: z.array(milestoneSchema),
    story: z.object({
      status: z.enum(['none', 'draft', 'published']),
      title: z.string().nullable(),
      published_at: z.string().nullable(),
      sections: z.record(z.string(), z.string()).meta({
        description: 'The sections as written, under the names set_founder_story takes (empty ones left out).',
      }),
    }),
    latest_updates: z.array(listingUpdateSchema).meta({ description: 'The five newest updates.' }),
    page_url: z.string().meta({ description: 'The public listing page (shown once the listing is live).' }),
    edit_url: z.string().meta({ description: 'Where the owner edits it on the site.' }),
    other_sites: z
      .array(z.object({ site_key: z.string(), site_name: z.string(), listing_id: z.number().int() }))
      .meta({ description: 'The same product listed by you on other sites: their keys work in apply_to.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'MyListing' });
export type MyListing = z.infer<typeof myListingSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The caller's listings of the same product (same URL) on other sites. */
export async function otherSiteListings(db: DbOrTx, listing: ListingRow) {
  if (!listing.ownerId) return [];
  return db
    .select({ site_key: sites.key, site_name: sites.name, listing_id: listings.id })
    .from(listings)
    .innerJoin(sites, eq(sites.id, listings.siteId))
    .where(and(eq(listings.ownerId, listing.ownerId), eq(listings.url, listing.url), ne(listings.id, listing.id)))
    .orderBy(asc(sites.key));
}

export async function myListingView(db: DbOrTx, ctx: Pick<OpContext, 'baseUrl'>, l: ListingRow): Promise<MyListing> {
  const [cats, founders, milestones, [story], updates, others] = await Promise.all([
    LISTING_FIELDS.categories.read(db, l) as Promise<string[]>,
    db
      .select({
        id: founderProfiles.id,
        slug: founderProfiles.slug,
        name: founderProfiles.name,
        role: founderProfiles.role,
        photo_url: founderProfiles.photoUrl,
        is_primary: listingFounders.isPrimary,
      })
      .from(listingFounders)
      .innerJoin(founderProfiles, eq(founderProfiles.id, listingFounders.founderId))
      .where(eq(listingFounders.listingId, l.id))
      .orderBy(asc(listingFounders.position)),
    db
      .select({
        id: listingMilestones.id,
        date: listingMilestones.date,
        title: listingMilestones.title,
        description: listingMilestones.description,
        url: listingMilestones.url,
      })
      .from(listingMilestones)
      .where(eq(listingMilestones.listingId, l.id))
      .orderBy(asc(listingMilestones.date), asc(listingMilestones.id)),
    db.select().from(founderStories).where(eq(founderStories.listingId, l.id)),
    db
      .select()
      .from(listingUpdates)
      .where(eq(listingUpdates.listingId, l.id))
      .orderBy(desc(listingUpdates.createdAt), desc(listingUpdates.id))
      .limit(5),
    otherSiteListings(db, l),
  ]);
  return {
    id: l.id,
    slug: l.slug,
    status: l.status,
    status_reason: l.statusReason,
    plan: l.plan,
    launch_week: l.launchWeek,
    launched_at: iso(l.launchedAt),
    unlocked_sections:
      milestonesShown(l) && !l.unlockedSections.includes('milestones')
        ? [...l.unlockedSections, 'milestones']
        : l.unlockedSections,
    version: l.version,
    name: l.name,
    url: l.url,
    votes: l.votesCount,
    headline: l.headline,
    summary: l.summary,
    description: l.description,
    company_name: l.companyName,
    founded_year: l.foundedYear,
    headquarters: l.headquarters,
    team_size: l.teamSize,
    pricing: l.pricing,
    contact_email: l.contactEmail,
    logo_url: l.logoUrl,
    categories: cats,
    socials: Object.fromEntries(Object.entries(l.socials ?? {}).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >,
    faqs: l.faqs ?? [],
    seo: l.seo ?? {},
    competitor_url: l.competitorUrl,
    founders,
    milestones,
    story: story
      ? {
          status: story.status === 'published' ? 'published' : 'draft',
          title: story.sections.title ?? null,
          published_at: iso(story.publishedAt),
          sections: Object.fromEntries(
            Object.entries(story.sections).filter(
              (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
            ),
          ),
        }
      : { status: 'none', title: null, published_at: null, sections: {} },
    latest_updates: updates.map((u) => ({
      id: u.id,
      title: u.title,
      body: u.body,
      created_at: u.createdAt.toISOString(),
    })),
    page_url: `${ctx.baseUrl}/p/${l.slug}`,
    edit_url: `${ctx.baseUrl}/account/listings/${l.id}`,
    other_sites: others,
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  };
}
