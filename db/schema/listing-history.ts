// A listing's version history: every edit after submit_draft is one row (before/after per field),
// reviewed by the site team after the fact. Also the launch bookkeeping and the site team's settings.
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { sites } from './catalog';
import { listings } from './listings';
import { createdAt, updatedAt } from './types';

export type FieldChange = { field: string; before: unknown; after: unknown };
/** Where an edit came from: the site's pages, the REST API, an MCP client, the site team, or a job. */
export const EDIT_FACES = ['web', 'api', 'mcp', 'admin', 'job'] as const;
export type EditFace = (typeof EDIT_FACES)[number];

export const listingVersions = pgTable(
  'listing_versions',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 … per listing (listings.version after this edit). */
    version: integer('version').notNull(),
    changes: jsonb('changes').$type<FieldChange[]>().notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    face: text('face').$type<EditFace>().notNull(),
    /** The operation that made it: update_my_listing, update_draft, submit_draft, revert. */
    source: text('source').notNull(),
    /** A revert: the version it undid. */
    revertOf: integer('revert_of'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('listing_versions_listing_version_idx').on(t.listingId, t.version),
    index('listing_versions_created_idx').on(t.createdAt),
  ],
);

/** Launch mails and reminders already sent (listing × kind × week): the week-start job is idempotent. */
export const launchNotices = pgTable(
  'launch_notices',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    week: text('week').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.kind, t.week] })],
);

/** ISO weeks whose start was processed (go-live, moves), so a restart catches up once. */
export const launchWeekRuns = pgTable('launch_week_runs', {
  week: text('week').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
});

/** Settings the site team changes from its pages (the environment gives the defaults). */
export const siteSettings = pgTable(
  'site_settings',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.key] })],
);

/**
 * A rejected or archived listing's owner asking the site team to look again (lib/owner-listings/
 * review-request.ts): one open request per listing, the latest message; the site team's next
 * decision on the listing (restore, reject, archive) answers it and removes it.
 */
export const listingReviewRequests = pgTable('listing_review_requests', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
});
