// The search dictionary: every word of the names, headlines and summaries of live listings, with its
// English stem and how many live listings use it. Kept current by triggers on `listings` (migration
// 0005), read by lib/listings/search.ts to correct query words that match nothing.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

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
    index('search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    // Whether a query word's stem (or, for the word being typed, a stem it begins) is a known word.
    index('search_words_lexeme_idx').on(t.lexeme.op('text_pattern_ops')),
  ],
);

/**
 * How many live listings hold each lexeme of `listings.search` (name, headline, summary and description,
 * as the search matches them), and under the empty lexeme how many live listings there are. Kept by
 * triggers on `listings` (migration 0015), filled by `db:fill`. Search plans with it (search_plan,
 * lib/listings/search.ts): a search that provably matches more than the counted results, or one word
 * whose total the counts give exactly, needs no count.
 */
export const searchLexemes = pgTable(
  'search_lexemes',
  {
    lexeme: text('lexeme').primaryKey(),
    listings: integer('listings').notNull(),
  },
  (t) => [
    // The lexemes a word being typed begins, with their counts (a range scan of the index alone: read
    // through the table, the thousands of lexemes a word can begin at a million listings cost search_plan 4–10 ms)…
    index('search_lexemes_prefix_idx').on(t.lexeme.op('text_pattern_ops'), t.listings),
    // …and among them the frequent ones, which alone can prove that a search matches many listings.
    index('search_lexemes_frequent_idx')
      .on(t.lexeme.op('text_pattern_ops'))
      .where(sql`listings >= 1000`),
  ],
);

/**
 * How many live listings each category holds (by `listings.category_ids`, the mirror of
 * listing_categories). Kept by triggers on `listings` (migration 0019) in the same transaction, filled by
 * `db:fill`. The categories' counts (the categories page, list_categories) and the total of a category's
 * listings without words are read here: counting them at a million listings took 0.8 s for the page
 * and 10–15 ms per search.
 */
export const categoryLiveCounts = pgTable('category_live_counts', {
  categoryId: integer('category_id').primaryKey(),
  listings: integer('listings').notNull(),
});

/**
 * How many live listings of each category hold each lexeme of `listings.search` (by
 * `listings.category_ids`). Kept by triggers on `listings` (migration 0020) in the same transaction,
 * filled by `db:fill`. A search with words in one category plans with it as search_lexemes plans a
 * search in all of them (search_plan): counting the matches of a word within a category read up to
 * 10,001 rows, 25–60 ms at a million listings.
 */
export const searchCategoryLexemes = pgTable(
  'search_category_lexemes',
  {
    categoryId: integer('category_id').notNull(),
    lexeme: text('lexeme').notNull(),
    listings: integer('listings').notNull(),
  },
  (t) => [
    // One row per category and lexeme…
    uniqueIndex('search_category_lexemes_key').on(t.categoryId, t.lexeme.op('text_pattern_ops')),
    // …the lexemes a word being typed begins in a category, with their counts (a range scan of the index
    // alone, as search_lexemes_prefix_idx)…
    index('search_category_lexemes_prefix_idx').on(t.categoryId, t.lexeme.op('text_pattern_ops'), t.listings),
    // …and among them the frequent ones, which alone can prove that a search matches many listings.
    index('search_category_lexemes_frequent_idx')
      .on(t.categoryId, t.lexeme.op('text_pattern_ops'))
      .where(sql`listings >= 1000`),
  ],
);

/**
 * The live listings of each category with their votes (by `listings.category_ids`), so that a category's
 * listings are read most voted first from one index, as the votes index reads all of them. Kept by
 * triggers on `listings` (migration 0021) in the same transaction, filled by `db:fill`. A search with
 * words in a category walks it (search_plan): at a million listings the category's most voted few
 * thousand with the words as a filter, where the words' index would gather tens of thousands of
 * postings into a bitmap first.
 */
export const categoryVotes = pgTable(
  'category_votes',
  {
    categoryId: integer('category_id').notNull(),
    listingId: integer('listing_id').notNull(),
    votesCount: integer('votes_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.listingId] }),
    index('category_votes_order_idx').on(t.categoryId, t.votesCount.desc(), t.listingId),
  ],
);
