// What owners write around a listing: founder profiles, milestones, updates, founder story; and follows.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { listings, type Socials } from './listings';
import { interviewQuestions } from './catalog';
import { bytea, createdAt, updatedAt } from './types';

/** A person behind products. Linked to an account once that person signs in (co-founder invites). */
export const founderProfiles = pgTable(
  'founder_profiles',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    role: text('role'),
    bio: text('bio'),
    photoUrl: text('photo_url'),
    socials: jsonb('socials').$type<Socials>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('founder_profiles_user_idx').on(t.userId)],
);

/** A founder's uploaded photo, re-encoded by us (never served as uploaded). */
export const founderPhotos = pgTable('founder_photos', {
  founderId: integer('founder_id')
    .primaryKey()
    .references(() => founderProfiles.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** sha256 of the stored bytes: the photo URL's cache buster and ETag. */
  hash: text('hash').notNull(),
  updatedAt: updatedAt(),
});

/** A founder's answers to the interview questions (one per question). */
export const interviewAnswers = pgTable(
  'interview_answers',
  {
    founderId: integer('founder_id')
      .notNull()
      .references(() => founderProfiles.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => interviewQuestions.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.founderId, t.questionId] }),
    index('interview_answers_question_idx').on(t.questionId, t.updatedAt),
  ],
);

export const listingFounders = pgTable(
  'listing_founders',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    founderId: integer('founder_id')
      .notNull()
      .references(() => founderProfiles.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.founderId] }), index('listing_founders_founder_idx').on(t.founderId)],
);

export const listingMilestones = pgTable(
  'listing_milestones',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD */
    date: text('date').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    url: text('url'),
    createdAt: createdAt(),
  },
  (t) => [index('listing_milestones_listing_idx').on(t.listingId, t.date)],
);

export const listingUpdates = pgTable(
  'listing_updates',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_updates_listing_idx').on(t.listingId, t.createdAt),
    index('listing_updates_created_idx').on(t.createdAt),
  ],
);

/** The founder story's sections, in reading order (the title first). Legacy names: lib/drafts/story.ts. */
export const STORY_SECTIONS = [
  'title',
  'how_started',
  'problem',
  'what_built',
  'hard_parts',
  'milestones',
  'whats_next',
] as const;
export type StorySection = (typeof STORY_SECTIONS)[number];
export type StorySections = { [K in StorySection]?: string };

export const founderStories = pgTable('founder_stories', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  sections: jsonb('sections').$type<StorySections>().notNull().default({}),
  /** draft | published */
  status: text('status').notNull().default('draft'),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const follows = pgTable(
  'follows',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The secret in this follow's unsubscribe link (one per follow). */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.userId] }),
    index('follows_user_idx').on(t.userId),
    uniqueIndex('follows_unsubscribe_token_idx').on(t.unsubscribeToken),
  ],
);

/** One row per follower mailed about an update: the fan-out job mails each follower exactly once. */
export const updateDeliveries = pgTable(
  'update_deliveries',
  {
    updateId: integer('update_id')
      .notNull()
      .references(() => listingUpdates.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.userId] })],
);
