-- The lexemes a word being typed begins, with their counts in the index (the last key column), so that
-- search_plan (migration 0020) reads a word's range of lexemes from the index alone. Read through the
-- table, the range's rows lay on as many pages as there were lexemes: at a million listings a word like
-- "pilot" begins 8,000 lexemes (product names), and search_plan took 5–11 ms a search; from the index
-- alone about 1 ms. search_lexemes' prefix index is built under a new name first (reads go on
-- meanwhile), then it takes the old one's name (as 0017). The counts change on every listing's edit,
-- which already updates every index of these tables (the frequent indexes' predicate reads the count).
CREATE INDEX "search_lexemes_prefix_counts_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops,"listings");--> statement-breakpoint
DROP INDEX "search_lexemes_prefix_idx";--> statement-breakpoint
ALTER INDEX "search_lexemes_prefix_counts_idx" RENAME TO "search_lexemes_prefix_idx";--> statement-breakpoint
CREATE INDEX "search_category_lexemes_prefix_idx" ON "search_category_lexemes" USING btree ("category_id","lexeme" text_pattern_ops,"listings");
