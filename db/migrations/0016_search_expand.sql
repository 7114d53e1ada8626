-- A lexeme as a tsquery term: quoted, its quotes doubled and its backslashes escaped.
CREATE FUNCTION quote_lexeme(lexeme text)
RETURNS text
LANGUAGE sql IMMUTABLE
AS $$ SELECT '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''' $$;
--> statement-breakpoint
-- search_expand(q): q with each word being typed (a prefix term, 'ledg':*) rewritten so that a GIN index
-- does not gather a large posting list into a bitmap. A GIN index answers a prefix term by collecting every
-- lexeme it begins into one bitmap before intersecting it with the other words: at a million listings
-- 50-100 ms for a word in 10 % of them, where a plain term is intersected as it is read (5 ms). For live
-- listings the result matches exactly what q matches: search_lexemes holds every lexeme of every live
-- listing's vector (kept in the same transaction).
-- - A prefix beginning at most 32 lexemes: those lexemes, OR-ed ('ledger' | 'ledgerly').
-- - A prefix that is itself a lexeme in `frequent` listings or more (10,000: below that, gathering it
--   costs less than reading the rewritten query's many terms), that begins no other lexeme in 1,000 or
--   more and fewer than 10,000 lexemes in all (a whole word typed, 'campaign'): that lexeme OR each
--   longer prefix by the letter that follows ('campaign' | 'campaigns':* | 'campaignb':* …), which
--   gather only the rare lexemes.
-- Anything else (not a plain conjunction, a short prefix beginning many lexemes) is returned unchanged.
CREATE FUNCTION search_expand(q tsquery, frequent integer DEFAULT 10000)
RETURNS tsquery
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  txt text := q::text;
  term record;
  lexemes text[];
  part tsquery;
  result tsquery;
  expanded boolean := false;
  upper_bound text;
  after text;
  ch text;
BEGIN
  IF txt !~ '^''(?:[^'']|'''')*''(?::\*)?(?: & ''(?:[^'']|'''')*''(?::\*)?)*$' THEN
    RETURN q;
  END IF;
  FOR term IN SELECT replace(m[1], '''''', '''') AS lexeme, m[2] IS NOT NULL AS prefix
      FROM regexp_matches(txt, '''((?:[^'']|'''')*)''(:\*)?', 'g') m LOOP
    part := (quote_lexeme(term.lexeme) || CASE WHEN term.prefix THEN ':*' ELSE '' END)::tsquery;
    IF term.prefix AND term.lexeme <> '' THEN
      upper_bound := term.lexeme || chr(1114111);
      SELECT array_agg(w.lexeme) INTO lexemes FROM (SELECT s.lexeme FROM search_lexemes s
        WHERE s.lexeme ~>=~ term.lexeme AND s.lexeme ~<~ upper_bound AND s.listings > 0 LIMIT 33) w;
      IF cardinality(lexemes) BETWEEN 1 AND 32 THEN
        SELECT string_agg(quote_lexeme(l), ' | ')::tsquery INTO part FROM unnest(lexemes) l;
        expanded := true;
      ELSIF EXISTS (SELECT 1 FROM search_lexemes s WHERE s.lexeme = term.lexeme AND s.listings >= frequent)
        AND NOT EXISTS (SELECT 1 FROM search_lexemes s
          WHERE s.listings >= 1000 AND s.lexeme ~>~ term.lexeme AND s.lexeme ~<~ upper_bound)
        AND (SELECT count(*) FROM (SELECT 1 FROM search_lexemes s
          WHERE s.lexeme ~>=~ term.lexeme AND s.lexeme ~<~ upper_bound LIMIT 10000) w) < 10000 THEN
        part := quote_lexeme(term.lexeme)::tsquery;
        after := term.lexeme;
        LOOP
          SELECT substr(s.lexeme, length(term.lexeme) + 1, 1) INTO ch FROM search_lexemes s
            WHERE s.lexeme ~>~ after AND s.lexeme ~<~ upper_bound ORDER BY s.lexeme USING ~<~ LIMIT 1;
          EXIT WHEN ch IS NULL;
          part := part || (quote_lexeme(term.lexeme || ch) || ':*')::tsquery;
          after := term.lexeme || ch || chr(1114111);
        END LOOP;
        expanded := true;
      END IF;
    END IF;
    result := CASE WHEN result IS NULL THEN part ELSE result && part END;
  END LOOP;
  IF NOT expanded THEN
    RETURN q;
  END IF;
  RETURN result;
END
$$;
--> statement-breakpoint
-- search_plan as in 0015, but a walk is bounded: `walk_rows` (instead of `walk`) is how many live
-- listings, most voted first, the search reads looking for `candidates` matches (live × 1.5 ×
-- candidates / bound; fewer found, and it falls back to scanning the matches). It is chosen when the
-- total is known, more than 1.5 × candidates match and bound² ≥ walk_factor × live: reading those rows
-- one by one then costs less than the votes floor's bitmaps (which cost about the same for any bound,
-- 30 ms at a million listings), and an unbounded walk could read far more than expected when a word's
-- listings are the least voted. The floor is taken below that, from bound² ≥ floor_factor × live.
DROP FUNCTION search_plan(tsquery, bigint, integer, float8, float8);
--> statement-breakpoint
CREATE FUNCTION search_plan(q tsquery, count_limit bigint, candidates integer, walk_factor float8, floor_factor float8)
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
      SELECT l.votes_count INTO votes_floor FROM listings l WHERE l.status = 'live'
        ORDER BY l.votes_count DESC NULLS LAST, l.id OFFSET ceil(live * 1.5 * candidates / at_least)::bigint LIMIT 1;
    END IF;
  END IF;
  RETURN NEXT;
END
$$;
