// Fixed-window counters shared by every process (votes, follows, promo-code attempts, ...).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable('rate_limits', {
  /** What is limited and for whom, e.g. `vote:user:<id>`. */
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull().default(0),
});
