import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { categories, sites } from './catalog';
import { createdAt, tsvector, updatedAt } from './types';

/**
 * A listing's life: draft → awaiting_badge (free plan, waiting for the badge on the site) →
 * scheduled (a launch week) → live (public); rejected; archived.
 */
export const LISTING_STATUS = {
  draft: 'draft',
  awaitingBadge: 'awaiting_badge',
  scheduled: 'scheduled',
  live: 'live',
  rejected: 'rejected',
  archived: 'archived',
} as const;
export type ListingStatus = (typeof LISTING_STATUS)[keyof typeof LISTING_STATUS];
export const LISTING_STATUSES: readonly ListingStatus[] = Object.values(LISTING_STATUS);
/** Announced but not yet launched: shown as upcoming, votes not open yet. */
export const ANNOUNCED_STATUSES: readonly ListingStatus[] = [LISTING_STATUS.scheduled, LISTING_STATUS.awaitingBadge];

/** What the owner bought: nothing yet, the free launch, or a paid launch. */
export const LISTING_PLAN = { none: 'none', free: 'free', paid: 'paid' } as const;
export type ListingPlan = (typeof LISTING_PLAN)[keyof typeof LISTING_PLAN];
export const LISTING_PLANS: readonly ListingPlan[] = Object.values(LISTING_PLAN);

const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export type Faq = { question: string; answer: string };
export type Socials = Partial<Record<string, string>>;
export type Seo = { title?: string; description?: string; keywords?: string[] };

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    headline: text('headline').notNull().default(''),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    status: text('status').$type<ListingStatus>().notNull().default(LISTING_STATUS.draft),
    plan: text('plan').$type<ListingPlan>().notNull().default(LISTING_PLAN.none),
    /** ISO week, e.g. 2026-W51 */
    launchWeek: text('launch_week'),
    launchedAt: timestamp('launched_at', { withTimezone: true, mode: 'date' }),
    companyName: text('company_name'),
    foundedYear: integer('founded_year'),
    headquarters: text('headquarters'),
    teamSize: text('team_size'),
    pricing: text('pricing'),
    contactEmail: text('contact_email'),
    socials: jsonb('socials').$type<Socials>().notNull().default({}),
    faqs: jsonb('faqs').$type<Faq[]>().notNull().default([]),
    seo: jsonb('seo').$type<Seo>().notNull().default({}),
    unlockedSections: text('unlocked_sections')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    competitorUrl: text('competitor_url'),
    votesCount: integer('votes_count').notNull().default(0),
    /** Bumped by every versioned edit (listing_versions); optimistic concurrency for editors. */
    version: integer('version').notNull().default(0),
    /** Why the site team rejected or archived the listing (shown to the owner). */
    statusReason: text('status_reason'),
    /** Badge check on the owner's site (free plan): last time it was found, last time we looked, and what we saw. */
    badgeVerifiedAt: timestamp('badge_verified_at', { withTimezone: true, mode: 'date' }),
    badgeCheckedAt: timestamp('badge_checked_at', { withTimezone: true, mode: 'date' }),
    badgeCheckResult: text('badge_check_result'),
    /** When the listing took its place in its launch week's queue (the queue's order). */
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }),
    /**
     * The ids of the listing's categories (listing_categories), kept by triggers on that table
     * (migration 0013): a search with words and a category reads both through one GIN index
     * (listings_search_idx), so only listings that match both are read.
     */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(headline, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(summary, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'D')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // fastupdate off: every vote is a non-HOT update (votes_count is indexed) that re-inserts the row's
    // ~100 lexemes; kept in a pending list, every search scanned it (docs/decisions.md).
    // One GIN index for the words alone and for words within a category (search q + category): it
    // intersects a category's ids with the words' lexemes as it reads them, where two indexes would each
    // build a bitmap of every listing they match before intersecting them (at a million listings 75 ms
    // for a category, 50-100 ms for a common word).
    // Its third column, each listing's votes tier (votes_tier, migration 0023) alone and in each of its
    // categories (votes_tier_keys, migration 0026), lets a search that reads only the matches above a
    // votes floor find them in this index alone, in all listings or in one category, where a second
    // index's range of votes was built into a bitmap of its own (docs/decisions.md).
    index('listings_search_idx')
      .using('gin', t.search, t.categoryIds, sql`(votes_tier_keys(votes_tier(${t.votesCount}), ${t.categoryIds}))`)
      .with({ fastupdate: false }),
    // Each order's index also holds what a list without words filters and returns (a category: its
    // copy category_ids; the order's own columns), so that a page in a category, however deep, walks
    // the index alone (an index-only scan) instead of fetching each listing it passes.
    index('listings_status_votes_idx').on(t.status, t.votesCount.desc(), t.id, t.categoryIds),
    index('listings_owner_idx').on(t.ownerId),
    // One listing per website on a site (lib/owner-listings/same-website.ts; website_key: migration 0035).
    index('listings_site_website_idx').on(t.siteId, sql`website_key(${t.url})`),
    index('listings_launch_week_idx').on(t.launchWeek),
    // Public lists read live listings straight in these orders (lib/listings/search.ts); votes order
    // uses listings_status_votes_idx. lower(name) also finds an exact name match for relevance.
    index('listings_live_newest_idx')
      .on(
        sql`coalesce(${t.launchedAt}, ${t.createdAt}) desc nulls last`,
        t.id,
        t.launchedAt,
        t.createdAt,
        t.categoryIds,
      )
      .where(sql`${t.status} = 'live'`),
    index('listings_live_name_idx')
      .on(sql`lower(${t.name})`, t.id, t.name, t.categoryIds)
      .where(sql`${t.status} = 'live'`),
    // The live ids in id order: a category's count merges them with listing_categories' primary key
    // (listing_id order), index-only, instead of hashing every listing of the category.
    index('listings_live_id_idx')
      .on(t.id)
      .where(sql`${t.status} = 'live'`),
    check('listings_status_check', sql`${t.status} in (${oneOf(LISTING_STATUSES)})`),
    check('listings_plan_check', sql`${t.plan} in (${oneOf(LISTING_PLANS)})`),
  ],
);

export const listingCategories = pgTable(
  'listing_categories',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.categoryId] }),
    // A category's listings without visiting the table (search's category filter, category pages).
    index('listing_categories_category_idx').on(t.categoryId, t.listingId),
  ],
);

export const votes = pgTable(
  'votes',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO week the vote was cast in, e.g. 2026-W47 (leaderboards group by it). */
    week: text('week').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.userId] }),
    index('votes_week_listing_idx').on(t.week, t.listingId),
    // An account's own votes, newest first (its Following page).
    index('votes_user_idx').on(t.userId, t.createdAt),
  ],
);
