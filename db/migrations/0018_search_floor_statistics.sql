-- The votes floor of search_plan (migration 0016) from the column statistics of listings.votes_count
-- (pg_stats: the most common values and the histogram that ANALYZE keeps) instead of the votes index read
-- at an offset: at a million listings that read passed some 23,000 index entries (4-6 ms) for every
-- search that took a floor. The floor need not be exact: the search takes it only when at least
-- `candidates` matches reach it (then they are the most voted of all the matches), else it scans the
-- matches; an estimate a little low reads a few more rows. The estimate errs low: the share of listings
-- at or above a value counts only the histogram buckets that lie wholly at or above it.
-- search_votes_floor(share, at_rank): the highest votes value that at least `share` of the listings
-- reach by the statistics; without statistics (never analysed: a new or small database), the votes of
-- the live listing at `at_rank` in the votes index, as before.
CREATE FUNCTION search_votes_floor(share float8, at_rank bigint)
RETURNS integer
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  mcv integer[];
  mcf real[];
  hist integer[];
  rest float8;
  buckets integer;
  v integer;
  reach float8;
  result integer;
BEGIN
  SELECT s.most_common_vals::text::integer[], s.most_common_freqs, s.histogram_bounds::text::integer[],
      1 - s.null_frac - coalesce((SELECT sum(f) FROM unnest(s.most_common_freqs) f), 0)
    INTO mcv, mcf, hist, rest
    FROM pg_stats s
    WHERE s.schemaname = current_schema() AND s.tablename = 'listings' AND s.attname = 'votes_count';
  IF NOT FOUND OR (mcv IS NULL AND hist IS NULL) THEN
    SELECT l.votes_count INTO result FROM listings l WHERE l.status = 'live'
      ORDER BY l.votes_count DESC NULLS LAST, l.id OFFSET at_rank LIMIT 1;
    RETURN result;
  END IF;
  buckets := coalesce(cardinality(hist), 1) - 1;
  FOR v IN SELECT DISTINCT x FROM unnest(coalesce(mcv, '{}') || coalesce(hist, '{}')) x ORDER BY x DESC LOOP
    reach := coalesce((SELECT sum(mcf[i]) FROM generate_subscripts(mcv, 1) i WHERE mcv[i] >= v), 0);
    IF buckets > 0 THEN
      reach := reach + rest * (SELECT count(*) FROM generate_subscripts(hist, 1) j WHERE j < cardinality(hist) AND hist[j] >= v) / buckets;
    END IF;
    result := v;
    EXIT WHEN reach >= share;
  END LOOP;
  RETURN result;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_plan(q tsquery, count_limit bigint, candidates integer, walk_factor float8, floor_factor float8)
RETURNS TABLE (proven boolean, total bigint, walk_rows bigint, votes_floor integer)
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
  IF total IS NOT NULL AND at_least > 1.5 * candidates THEN
    IF at_least::float8 * at_least >= walk_factor * live THEN
      walk_rows := ceil(live * 1.5 * candidates / at_least)::bigint;
    ELSIF at_least::float8 * at_least >= floor_factor * live THEN
      votes_floor := search_votes_floor(1.5 * candidates / at_least, ceil(live * 1.5 * candidates / at_least)::bigint);
    END IF;
  END IF;
  RETURN NEXT;
END
$$;
