CREATE TABLE "search_category_lexemes" (
	"category_id" integer NOT NULL,
	"lexeme" text NOT NULL,
	"listings" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_category_lexemes_key" ON "search_category_lexemes" USING btree ("category_id","lexeme" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_category_lexemes_frequent_idx" ON "search_category_lexemes" USING btree ("category_id","lexeme" text_pattern_ops) WHERE listings >= 1000;--> statement-breakpoint
-- One statement-level trigger function for INSERT, UPDATE and DELETE on listings (transition tables), as
-- search_lexemes_sync (migration 0015): per category (listings.category_ids) and lexeme of the search
-- vector, the live listings gained and lost, applied in (category, lexeme) order (one lock order). An
-- update that changes neither the status, the search vector nor the categories (a vote) adds nothing.
CREATE FUNCTION search_category_lexemes_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  cs int[];
  lx text[];
  ds int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.cat ORDER BY c.cat, c.lexeme), array_agg(c.lexeme ORDER BY c.cat, c.lexeme),
        array_agg(c.d ORDER BY c.cat, c.lexeme) INTO cs, lx, ds
    FROM (SELECT k AS cat, x AS lexeme, count(*)::int AS d
          FROM new_rows n, unnest(n.category_ids) k, unnest(tsvector_to_array(n.search)) x
          WHERE n.status = 'live' GROUP BY k, x) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.cat ORDER BY c.cat, c.lexeme), array_agg(c.lexeme ORDER BY c.cat, c.lexeme),
        array_agg(c.d ORDER BY c.cat, c.lexeme) INTO cs, lx, ds
    FROM (SELECT k AS cat, x AS lexeme, -count(*)::int AS d
          FROM old_rows o, unnest(o.category_ids) k, unnest(tsvector_to_array(o.search)) x
          WHERE o.status = 'live' GROUP BY k, x) c;
  ELSE
    SELECT array_agg(c.cat ORDER BY c.cat, c.lexeme), array_agg(c.lexeme ORDER BY c.cat, c.lexeme),
        array_agg(c.d ORDER BY c.cat, c.lexeme) INTO cs, lx, ds
    FROM (SELECT k AS cat, x AS lexeme, sum(r.d)::int AS d
          FROM (SELECT n.category_ids AS cats, n.search, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE n.status = 'live' AND (o.status <> 'live' OR n.search IS DISTINCT FROM o.search
                    OR n.category_ids IS DISTINCT FROM o.category_ids)
                UNION ALL
                SELECT o.category_ids, o.search, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                  WHERE o.status = 'live' AND (n.status <> 'live' OR n.search IS DISTINCT FROM o.search
                    OR n.category_ids IS DISTINCT FROM o.category_ids)) r,
            unnest(r.cats) k, unnest(tsvector_to_array(r.search)) x
          GROUP BY k, x HAVING sum(r.d) <> 0) c;
  END IF;
  IF lx IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_category_lexemes AS s (category_id, lexeme, listings)
    SELECT * FROM unnest(cs, lx, ds)
    ON CONFLICT (category_id, lexeme) DO UPDATE SET listings = s.listings + excluded.listings;
  DELETE FROM search_category_lexemes s USING unnest(cs, lx) AS u(cat, lexeme)
    WHERE s.category_id = u.cat AND s.lexeme = u.lexeme AND s.listings <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_category_lexemes_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_category_lexemes_sync();
--> statement-breakpoint
CREATE TRIGGER search_category_lexemes_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_category_lexemes_sync();
--> statement-breakpoint
CREATE TRIGGER search_category_lexemes_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_category_lexemes_sync();
--> statement-breakpoint
CREATE FUNCTION search_category_lexemes_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_category_lexemes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_category_lexemes_truncate AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION search_category_lexemes_clear();
--> statement-breakpoint
INSERT INTO search_category_lexemes (category_id, lexeme, listings)
  SELECT k, x, count(*)::int FROM listings l, unnest(l.category_ids) k, unnest(tsvector_to_array(l.search)) x
  WHERE l.status = 'live' GROUP BY k, x;
--> statement-breakpoint
-- The lexeme counts a search plans with, between lo (inclusive) and hi (exclusive), byte order: of the
-- live listings in category `cat`, or of all of them when cat is null. Inlined where it is called, so the
-- table not asked for is never read (a one-time filter).
CREATE FUNCTION search_lexeme_counts(cat integer, lo text, hi text)
RETURNS TABLE (lexeme text, listings integer)
LANGUAGE sql STABLE AS $$
  SELECT s.lexeme, s.listings FROM search_lexemes s WHERE cat IS NULL AND s.lexeme ~>=~ lo AND s.lexeme ~<~ hi
  UNION ALL
  SELECT s.lexeme, s.listings FROM search_category_lexemes s WHERE s.category_id = cat AND s.lexeme ~>=~ lo AND s.lexeme ~<~ hi
$$;
--> statement-breakpoint
-- search_plan (migrations 0015, 0016, 0018) in one category as well: category_ids, the ids the search's
-- category resolved to, none for all live listings. In one category, the bounds come from that
-- category's lexeme counts and live listings, and a walk reads that category's listings most voted first
-- (category_votes, migration 0021: the search statement reads it); a votes floor still comes from the
-- votes of all live listings, its share and fallback reckoned on all of them. Several ids (a name two
-- categories share) plan nothing: the search scans. exact_total false (a search ranked by relevance,
-- which counts its matches itself when it scans them): a word being typed gets its total, and with it a
-- walk or a floor, only when one would be taken; its count of the listings holding only the other
-- lexemes it begins is a read of their postings (14 ms for one beginning 690 lexemes at a million
-- listings as q && !top), wasted on a search that scans its matches anyway.
DROP FUNCTION search_plan(tsquery, bigint, integer, float8, float8);
--> statement-breakpoint
CREATE FUNCTION search_plan(q tsquery, count_limit bigint, candidates integer, walk_factor float8, floor_factor float8,
  category_ids integer[], exact_total boolean)
RETURNS TABLE (proven boolean, total bigint, walk_rows bigint, votes_floor integer)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  txt text := q::text;
  cat integer := category_ids[1];
  term record;
  terms integer := 0;
  sum_lo bigint := 0;
  everywhere bigint;
  live bigint;
  hi text;
  top_lexeme text;
  top_lo bigint;
  last_lexeme text;
  last_prefix boolean;
  others tsquery;
  at_least bigint;
  extra bigint;
  range_n integer;
  range_sum bigint;
BEGIN
  proven := false;
  IF txt !~ '^''(?:[^'']|'''')*''(?::\*)?(?: & ''(?:[^'']|'''')*''(?::\*)?)*$' OR cardinality(category_ids) > 1 THEN
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT coalesce((SELECT s.listings FROM search_lexemes s WHERE s.lexeme = ''), 0) INTO everywhere;
  IF cat IS NULL THEN
    live := everywhere;
  ELSE
    SELECT coalesce((SELECT c.listings FROM category_live_counts c WHERE c.category_id = cat), 0) INTO live;
  END IF;
  FOR term IN SELECT replace(m[1], '''''', '''') AS lexeme, m[2] IS NOT NULL AS prefix
      FROM regexp_matches(txt, '''((?:[^'']|'''')*)''(:\*)?', 'g') m LOOP
    terms := terms + 1;
    top_lexeme := NULL;
    top_lo := 0;
    IF term.prefix THEN
      hi := term.lexeme || chr(1114111);
      SELECT count(*) INTO range_n FROM (SELECT 1 FROM search_lexeme_counts(cat, term.lexeme, hi) LIMIT 2000) w;
      IF range_n < 2000 THEN
        SELECT s.lexeme, s.listings, sum(s.listings) OVER () INTO top_lexeme, top_lo, range_sum
          FROM search_lexeme_counts(cat, term.lexeme, hi) s ORDER BY s.listings DESC LIMIT 1;
      ELSE
        range_sum := NULL;
        SELECT x.lexeme, x.listings INTO top_lexeme, top_lo FROM (
          (SELECT s.lexeme, s.listings FROM search_lexeme_counts(cat, term.lexeme, hi) s
            WHERE s.listings >= 1000 ORDER BY s.listings DESC LIMIT 1)
          UNION ALL
          (SELECT w.lexeme, w.listings FROM (SELECT s.lexeme, s.listings FROM search_lexeme_counts(cat, term.lexeme, hi) s LIMIT 2000) w
            ORDER BY w.listings DESC LIMIT 1)) x
        ORDER BY x.listings DESC LIMIT 1;
      END IF;
    ELSE
      -- The one lexeme: no text lies between it and itself followed by chr(1).
      SELECT s.lexeme, s.listings INTO top_lexeme, top_lo FROM search_lexeme_counts(cat, term.lexeme, term.lexeme || chr(1)) s;
    END IF;
    sum_lo := sum_lo + coalesce(top_lo, 0);
    last_prefix := term.prefix;
    last_lexeme := term.lexeme;
  END LOOP;
  IF terms = 0 THEN
    RETURN NEXT;
    RETURN;
  END IF;
  at_least := sum_lo - (terms - 1) * live;
  IF at_least >= count_limit THEN
    proven := true;
    total := count_limit;
  ELSIF terms = 1 AND at_least > 0 THEN
    IF NOT last_prefix THEN
      total := at_least;
    ELSIF range_sum - top_lo <= 500
        AND (exact_total OR (at_least > 1.5 * candidates
          AND (at_least::float8 * at_least >= floor_factor * everywhere
            OR at_least::float8 * at_least >= walk_factor * live))) THEN
      IF top_lexeme = last_lexeme THEN
        -- The word typed is itself its top lexeme, so every other lexeme it begins is longer: they are
        -- read as one prefix per following character, and the index never gathers the top lexeme's
        -- postings (for "kakatav" at a million listings, 14 ms as q && !top, 1 ms so).
        SELECT string_agg(DISTINCT '''' || replace(replace(left(s.lexeme, length(top_lexeme) + 1), '\', '\\'), '''', '''''') || ''':*', ' | ')::tsquery
          INTO others FROM search_lexeme_counts(cat, top_lexeme, hi) s WHERE s.lexeme <> top_lexeme;
        extra := 0;
        IF others IS NOT NULL THEN
          SELECT count(*) INTO extra FROM listings l
            WHERE l.status = 'live' AND l.search @@ others AND NOT l.search @@ quote_literal(top_lexeme)::tsquery
              AND (cat IS NULL OR l.category_ids && ARRAY[cat]);
        END IF;
      ELSE
        SELECT count(*) INTO extra FROM listings l
          WHERE l.status = 'live' AND l.search @@ (q && !! quote_literal(top_lexeme)::tsquery)
            AND (cat IS NULL OR l.category_ids && ARRAY[cat]);
      END IF;
      total := at_least + extra;
    END IF;
  END IF;
  IF total IS NOT NULL AND at_least > 1.5 * candidates THEN
    -- A walk reads live × 1.5 × candidates / at_least rows (of the category when there is one), where a
    -- scan reads the at_least matches: the same rule in a category and in all listings.
    IF at_least::float8 * at_least >= walk_factor * live THEN
      walk_rows := ceil(live * 1.5 * candidates / at_least)::bigint;
    ELSIF at_least::float8 * at_least >= floor_factor * everywhere THEN
      votes_floor := search_votes_floor(1.5 * candidates / at_least, ceil(everywhere * 1.5 * candidates / at_least)::bigint);
    END IF;
  END IF;
  RETURN NEXT;
END
$$;
