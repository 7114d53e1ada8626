// Submit-by-URL drafts: the draft with its fields, the pages read (the evidence corpus),
// co-founder invites, and the robots.txt cache.
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredFields } from '@/lib/drafts/types';
import { users } from './auth';
import { founderProfiles } from './content';
import { listings } from './listings';
import { createdAt, updatedAt } from './types';

export const drafts = pgTable(
  'drafts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The URL as submitted (normalised: scheme, host, path). */
    url: text('url').notNull(),
    /** crawling | drafting | ready | failed | submitted */
    status: text('status').notNull().default('crawling'),
    /** queued | robots | fetching | extracting | drafting | saving | done | failed */
    phase: text('phase').notNull().default('queued'),
    failureReason: text('failure_reason'),
    failureMessage: text('failure_message'),
    pagesFetched: integer('pages_fetched').notNull().default(0),
    pagesPlanned: integer('pages_planned').notNull().default(0),
    fields: jsonb('fields').$type<StoredFields>(),
    /** What the extractor found (site facts, before drafting); regenerate drafts from it. */
    extraction: jsonb('extraction').$type<Record<string, unknown>>(),
    drafter: text('drafter'),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    /** The owner removed it from their drafts (a failed draft only): it reads as not found; it still counts against the draft quota. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    /** Goes up by one on every write that changes updated_at (update_draft's optional version check). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('drafts_owner_idx').on(t.ownerId, t.createdAt), index('drafts_status_idx').on(t.status)],
);

export const draftPages = pgTable(
  'draft_pages',
  {
    id: serial('id').primaryKey(),
    draftId: text('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** home | about | pricing | faq | team | contact | blog | other */
    kind: text('kind').notNull(),
    /** fetched | disallowed | failed | skipped */
    status: text('status').notNull(),
    title: text('title'),
    /** Visible text of the page: the evidence corpus quotes are checked against. */
    text: text('text').notNull().default(''),
    /** Link and image addresses on the page (evidence for URL values such as socials and logos). */
    urls: jsonb('urls').$type<string[]>().notNull().default([]),
    /** Raw HTML, kept for re-extraction (capped by the fetcher). */
    html: text('html'),
    position: integer('position').notNull().default(0),
    error: text('error'),
    fetchedAt: createdAt(),
  },
  (t) => [uniqueIndex('draft_pages_draft_url_idx').on(t.draftId, t.url)],
);

export const draftInvites = pgTable(
  'draft_invites',
  {
    id: serial('id').primaryKey(),
    draftId: text('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** sha256 of the token in the emailed link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    founderProfileId: integer('founder_profile_id').references(() => founderProfiles.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('draft_invites_draft_idx').on(t.draftId)],
);

export const robotsCache = pgTable('robots_cache', {
  /** scheme://host[:port] */
  origin: text('origin').primaryKey(),
  /** allow_all (4xx) | disallow_all (5xx/unreachable) | parsed */
  verdict: text('verdict').notNull(),
  body: text('body').notNull().default(''),
  fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: updatedAt(),
});
