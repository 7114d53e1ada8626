// A vote or follow a signed-out visitor asked for, kept while they sign in (15 minutes at most).
// The browser holds only an opaque random id in an httpOnly cookie; the row is keyed by its hash.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { listings } from './listings';

export const pendingIntents = pgTable(
  'pending_intents',
  {
    /** sha256 (hex) of the cookie's random id: a database leak does not hand out usable ids. */
    idHash: text('id_hash').primaryKey(),
    /** 'vote' | 'follow' */
    kind: text('kind').notNull(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** Where the visitor pressed the button, e.g. /p/querybird. */
    returnPath: text('return_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    consumedBy: text('consumed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * sha256 of the address a sign-in link was asked for from the browser holding this intent: when
     * the link is opened elsewhere (no cookie there), the account page offers the product again.
     */
    awaitingEmailHash: text('awaiting_email_hash'),
  },
  (t) => [
    index('pending_intents_expires_idx').on(t.expiresAt),
    index('pending_intents_awaiting_idx').on(t.awaitingEmailHash),
  ],
);
