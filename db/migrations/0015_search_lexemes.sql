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
--> statement-breakpoint
-- How a search for q (a tsquery) runs, from the lexeme counts; lib/listings/search.ts says why, and reads
-- the result in its search statement's `plan` CTE. For q that is a plain conjunction of lexemes (the
-- last one possibly a prefix): a lexeme's count, or for a prefix the largest count of a lexeme it begins
-- (the frequent ones through their own index, and among the first 2,000 in the range), bounds the
-- listings a word matches from below. `total`: count_limit when the bounds prove that many; for one
-- word, its count (typed whole), or when it begins fewer than 2,000 lexemes whose other counts add up
-- to at most 500, its top lexeme's count plus the listings holding only those others (else unknown). `walk`: the total is known and the matches are at least one
-- live listing in walk_share. `votes_floor`: the total is known, no walk, bound² ≥ floor_factor × live
-- and more than 1.5 × candidates matches: the votes of the live listing at rank live × 1.5 × candidates
-- / bound in the votes index. A function so that its statements keep generic plans (a search statement
-- is planned for its values every time; these lookups do not depend on them).
CREATE FUNCTION search_plan(q tsquery, count_limit bigint, candidates integer, walk_share float8, floor_factor float8)
RETURNS TABLE (proven boolean, total bigint, walk boolean, votes_floor integer)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  txt text := q::text;
  term record;
  terms integer := 0;
  sum_lo bigint := 0;
  live bigint;
  top_lexeme text;
  top_lo bigint;
  last_prefix boolean;
  at_least bigint;
  extra bigint;
  range_n integer;
  range_sum bigint;
BEGIN
  proven := false;
  walk := false;
  IF txt !~ '^''(?:[^'']|'''')*''(?::\*)?(?: & ''(?:[^'']|'''')*''(?::\*)?)*$' THEN
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT coalesce((SELECT s.listings FROM search_lexemes s WHERE s.lexeme = ''), 0) INTO live;
  FOR term IN SELECT replace(m[1], '''''', '''') AS lexeme, m[2] IS NOT NULL AS prefix
      FROM regexp_matches(txt, '''((?:[^'']|'''')*)''(:\*)?', 'g') m LOOP
    terms := terms + 1;
    top_lexeme := NULL;
    top_lo := 0;
    IF term.prefix THEN
      SELECT count(*) INTO range_n FROM (SELECT 1 FROM search_lexemes s
        WHERE s.lexeme ~>=~ term.lexeme AND s.lexeme ~<~ (term.lexeme || chr(1114111)) LIMIT 2000) w;
      IF range_n < 2000 THEN
        SELECT s.lexeme, s.listings, sum(s.listings) OVER () INTO top_lexeme, top_lo, range_sum FROM search_lexemes s
          WHERE s.lexeme ~>=~ term.lexeme AND s.lexeme ~<~ (term.lexeme || chr(1114111))
          ORDER BY s.listings DESC LIMIT 1;
      ELSE
        range_sum := NULL;
        SELECT x.lexeme, x.listings INTO top_lexeme, top_lo FROM (
          (SELECT s.lexeme, s.listings FROM search_lexemes s
            WHERE s.listings >= 1000 AND s.lexeme ~>=~ term.lexeme AND s.lexeme ~<~ (term.lexeme || chr(1114111))
            ORDER BY s.listings DESC LIMIT 1)
          UNION ALL
          (SELECT w.lexeme, w.listings FROM (SELECT s.lexeme, s.listings FROM search_lexemes s
              WHERE s.lexeme ~>=~ term.lexeme AND s.lexeme ~<~ (term.lexeme || chr(1114111)) LIMIT 2000) w
            ORDER BY w.listings DESC LIMIT 1)) x
        ORDER BY x.listings DESC LIMIT 1;
      END IF;
    ELSE
      SELECT s.lexeme, s.listings INTO top_lexeme, top_lo FROM search_lexemes s WHERE s.lexeme = term.lexeme;
    END IF;
    sum_lo := sum_lo + coalesce(top_lo, 0);
    last_prefix := term.prefix;
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
    ELSIF range_sum - top_lo <= 500 THEN
      SELECT count(*) INTO extra FROM listings l
        WHERE l.status = 'live' AND l.search @@ (q && !! quote_literal(top_lexeme)::tsquery);
      total := at_least + extra;
    END IF;
  END IF;
  IF total IS NOT NULL THEN
    IF at_least * walk_share >= live THEN
      walk := true;
    ELSIF at_least::float8 * at_least >= floor_factor * live AND at_least > 1.5 * candidates THEN
      SELECT l.votes_count INTO votes_floor FROM listings l WHERE l.status = 'live'
        ORDER BY l.votes_count DESC NULLS LAST, l.id OFFSET ceil(live * 1.5 * candidates / at_least)::bigint LIMIT 1;
    END IF;
  END IF;
  RETURN NEXT;
END
$$;
