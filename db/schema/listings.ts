import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { categories, sites } from './catalog';
import { createdAt, tsvector, updatedAt } from './types';

export type Faq = { question: string; answer: string };
export type Socials = Partial<Record<string, string>>;
export type Seo = { title?: string; description?: string; keywords?: string[] };

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull().references(() => sites.id),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    headline: text('headline').notNull().default(''),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    /** draft | awaiting_badge | scheduled | live | rejected | archived (open-ended) */
    status: text('status').notNull().default('draft'),
    /** none | free | paid */
    plan: text('plan').notNull().default('none'),
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
    unlockedSections: text('unlocked_sections').array().notNull().default(sql`'{}'::text[]`),
    competitorUrl: text('competitor_url'),
    votesCount: integer('votes_count').notNull().default(0),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(headline, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(summary, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'D')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_search_idx').using('gin', t.search),
    index('listings_status_votes_idx').on(t.status, t.votesCount.desc(), t.id),
    index('listings_owner_idx').on(t.ownerId),
    index('listings_launch_week_idx').on(t.launchWeek),
  ],
);

export const listingCategories = pgTable(
  'listing_categories',
  {
    listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.categoryId] }), index('listing_categories_category_idx').on(t.categoryId)],
);

export const votes = pgTable(
  'votes',
  {
    listingId: integer('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** ISO week the vote was cast in, e.g. 2026-W47 (leaderboards group by it). */
    week: text('week').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.userId] }), index('votes_week_listing_idx').on(t.week, t.listingId)],
);
