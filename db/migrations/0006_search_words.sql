CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL,
	"listings" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_lexeme_idx" ON "search_words" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
-- The words of a listing that the dictionary keeps: lowercased, unstemmed, no digits, 3+ letters, not stop words.
CREATE FUNCTION search_words_of(name text, headline text, summary text) RETURNS TABLE (word text, lexeme text)
LANGUAGE sql STABLE AS $$
  SELECT w, s[1]
  FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, concat_ws(' ', name, headline, summary)))) AS w,
    LATERAL (SELECT ts_lexize('english_stem'::regdictionary, w) AS s) AS l
  WHERE length(w) >= 3 AND w !~ '[0-9_]' AND s[1] IS NOT NULL
$$;
--> statement-breakpoint
-- One statement-level trigger function for INSERT, UPDATE and DELETE on listings (transition tables):
-- counts per word the live listings gained and lost, and applies the sum in word order (one lock order).
CREATE FUNCTION search_words_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  lx text[];
  ds int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.word ORDER BY c.word), array_agg(c.lexeme ORDER BY c.word), array_agg(c.d ORDER BY c.word) INTO ws, lx, ds
    FROM (SELECT x.word, min(x.lexeme) AS lexeme, count(*)::int AS d
          FROM new_rows n, search_words_of(n.name, n.headline, n.summary) x
          WHERE n.status = 'live' GROUP BY x.word) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.word ORDER BY c.word), array_agg(c.lexeme ORDER BY c.word), array_agg(c.d ORDER BY c.word) INTO ws, lx, ds
    FROM (SELECT x.word, min(x.lexeme) AS lexeme, -count(*)::int AS d
          FROM old_rows o, search_words_of(o.name, o.headline, o.summary) x
          WHERE o.status = 'live' GROUP BY x.word) c;
  ELSE
    SELECT array_agg(c.word ORDER BY c.word), array_agg(c.lexeme ORDER BY c.word), array_agg(c.d ORDER BY c.word) INTO ws, lx, ds
    FROM (SELECT x.word, min(x.lexeme) AS lexeme, sum(r.d)::int AS d
          FROM (SELECT n.name, n.headline, n.summary, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE n.status = 'live' AND (o.status <> 'live' OR (n.name, n.headline, n.summary) IS DISTINCT FROM (o.name, o.headline, o.summary))
                UNION ALL
                SELECT o.name, o.headline, o.summary, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                  WHERE o.status = 'live' AND (n.status <> 'live' OR (n.name, n.headline, n.summary) IS DISTINCT FROM (o.name, o.headline, o.summary))) r,
            search_words_of(r.name, r.headline, r.summary) x
          GROUP BY x.word HAVING sum(r.d) <> 0) c;
  END IF;
  IF ws IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_words AS s (word, lexeme, listings)
    SELECT * FROM unnest(ws, lx, ds)
    ON CONFLICT (word) DO UPDATE SET listings = s.listings + excluded.listings;
  DELETE FROM search_words WHERE word = ANY (ws) AND listings <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_sync();
--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_sync();
--> statement-breakpoint
CREATE TRIGGER search_words_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_sync();
--> statement-breakpoint
CREATE FUNCTION search_words_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_truncate AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION search_words_clear();
--> statement-breakpoint
INSERT INTO search_words (word, lexeme, listings)
  SELECT x.word, min(x.lexeme), count(*)::int
  FROM listings l, search_words_of(l.name, l.headline, l.summary) x
  WHERE l.status = 'live'
  GROUP BY x.word;
