-- The nearest dictionary words for a query word that spelling correction found nothing one edit away
-- (a word of 8+ letters that may be 2 edits off, or a word being typed: "ledgr" → "ledgerly"). They were
-- the 20 nearest by trigram distance through a GiST index, which at a million listings (709,000 words)
-- walked 8,500 index pages for each: 80–350 ms a word, for every new misspelling of that kind. Now a
-- GIN index of the trigrams finds the words sharing enough of them (similarity at least 0.2: two
-- substitutions apart in an 8-letter word keep 3 of 15 trigrams, 0.2), and the nearest 20 of those
-- are kept: 1–30 ms. In a large dictionary the 20 nearest are far above 0.2, so the candidates are
-- the same; in a small one a word farther than that was never within the edits correction accepts.
DROP INDEX "search_words_word_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION search_near_words(w text, n integer)
RETURNS TABLE (word text, lexeme text, listings integer)
LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.2
AS $$
  SELECT s.word, s.lexeme, s.listings FROM search_words s WHERE s.word % w ORDER BY s.word <-> w, s.word LIMIT n
$$;
