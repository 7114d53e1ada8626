CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"listings" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_lexemes_frequent_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops) WHERE listings >= 1000;--> statement-breakpoint
-- The keys a live listing adds to search_lexemes: each lexeme of its search vector once, and '' (no
-- lexeme is empty) for the listing itself, so that search_lexemes[''] counts the live listings.
CREATE FUNCTION search_lexemes_of(search tsvector) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT '' UNION ALL SELECT unnest(tsvector_to_array(search))
$$;
--> statement-breakpoint
-- One statement-level trigger function for INSERT, UPDATE and DELETE on listings (transition tables), as
-- search_words_sync: counts per lexeme the live listings gained and lost, and applies the sum in lexeme
-- order (one lock order). An update that changes neither the status nor the search vector (a vote) adds nothing.
CREATE FUNCTION search_lexemes_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  lx text[];
  ds int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.lexeme ORDER BY c.lexeme), array_agg(c.d ORDER BY c.lexeme) INTO lx, ds
    FROM (SELECT x AS lexeme, count(*)::int AS d
          FROM new_rows n, search_lexemes_of(n.search) x WHERE n.status = 'live' GROUP BY x) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.lexeme ORDER BY c.lexeme), array_agg(c.d ORDER BY c.lexeme) INTO lx, ds
    FROM (SELECT x AS lexeme, -count(*)::int AS d
          FROM old_rows o, search_lexemes_of(o.search) x WHERE o.status = 'live' GROUP BY x) c;
  ELSE
    SELECT array_agg(c.lexeme ORDER BY c.lexeme), array_agg(c.d ORDER BY c.lexeme) INTO lx, ds
    FROM (SELECT x AS lexeme, sum(r.d)::int AS d
          FROM (SELECT n.search, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE n.status = 'live' AND (o.status <> 'live' OR n.search IS DISTINCT FROM o.search)
                UNION ALL
                SELECT o.search, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                  WHERE o.status = 'live' AND (n.status <> 'live' OR n.search IS DISTINCT FROM o.search)) r,
            search_lexemes_of(r.search) x
          GROUP BY x HAVING sum(r.d) <> 0) c;
  END IF;
  IF lx IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_lexemes AS s (lexeme, listings)
    SELECT * FROM unnest(lx, ds)
    ON CONFLICT (lexeme) DO UPDATE SET listings = s.listings + excluded.listings;
  DELETE FROM search_lexemes WHERE lexeme = ANY (lx) AND listings <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_lexemes_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync();
--> statement-breakpoint
CREATE TRIGGER search_lexemes_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync();
--> statement-breakpoint
CREATE TRIGGER search_lexemes_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_sync();
--> statement-breakpoint
CREATE FUNCTION search_lexemes_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_lexemes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_lexemes_truncate AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION search_lexemes_clear();
--> statement-breakpoint
INSERT INTO search_lexemes (lexeme, listings)
  SELECT word, ndoc FROM ts_stat('SELECT search FROM listings WHERE status = ''live''')
  UNION ALL
  SELECT '', count(*)::int FROM listings WHERE status = 'live' HAVING count(*) > 0;
