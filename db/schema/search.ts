// The search dictionary: every word of the names, headlines and summaries of live listings, with its
// English stem and how many live listings use it. Kept current by triggers on `listings` (migration
// 0005), read by lib/listings/search.ts to correct query words that match nothing.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** The word's English stem, as in `listings.search` ('invoicing' → 'invoic'). */
    lexeme: text('lexeme').notNull(),
    /** Live listings whose name, headline or summary contain the word. */
    listings: integer('listings').notNull(),
  },
  (t) => [
    index('search_words_word_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
    // Whether a query word's stem (or, for the word being typed, a stem it begins) is a known word.
    index('search_words_lexeme_idx').on(t.lexeme.op('text_pattern_ops')),
  ],
);
