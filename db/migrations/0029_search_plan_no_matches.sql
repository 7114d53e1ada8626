-- A search whose words match nothing (a misspelling, a word no listing uses) left its total unknown:
-- search_plan bounds a word's matches from below by its lexeme's count, and a count of 0 proved
-- nothing, so a page by votes, date or name walked that order's index with the words as a filter
-- through every live listing (at a million listings 1.4 s by votes, and past the 2 s statement
-- timeout by date or name: a 503 for a misspelled word sorted by date). The counts are exact per
-- lexeme (search_lexemes, search_category_lexemes, kept by statement triggers): a word whose lexeme
-- no live listing holds, or a word being typed that begins no lexeme held by one, matches nothing,
-- and with it the whole conjunction. search_plan now says total 0 for it, so the page reads the
-- (no) matches from the words' index and sorts them (fewMatches) and the spelling correction follows.
--
-- search_upper_bound(q, category_ids): at most how many live listings (of the category) match q, from
-- the same counts, for the searches search_plan does not plan: words in a phrase ("budget team"),
-- alternatives ("tracker or invoice") and exclusions. An alternative matches at most as many as the
-- rarest of its words (a word being typed: its lexemes' counts added up, when it begins fewer than
-- 2,000; a word left out bounds nothing); q, at most the sum of its alternatives. Null when it cannot
-- tell (parentheses, several categories, an alternative with no word that bounds it). Such a search
-- of few matches sorted by date walked every live listing too ("tracker or zzqx" by date: past the 2 s
-- timeout at a million); with the bound it reads and sorts its matches (fewMatches).
CREATE FUNCTION search_upper_bound(q tsquery, category_ids integer[])
RETURNS bigint
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  cat integer := category_ids[1];
  alternative text;
  factor text;
  m text[];
  lexeme text;
  bound bigint;
  rarest bigint;
  range_n integer;
  total bigint := 0;
BEGIN
  IF cardinality(category_ids) > 1 OR position('(' in q::text) > 0 THEN
    RETURN NULL;
  END IF;
  FOREACH alternative IN ARRAY regexp_split_to_array(q::text, ' \| ') LOOP
    rarest := NULL;
    FOREACH factor IN ARRAY regexp_split_to_array(alternative, ' (?:&|<->|<[0-9]+>) ') LOOP
      m := regexp_match(factor, '^(!?)''((?:[^'']|'''')*)''(:\*)?$');
      IF m IS NULL THEN
        RETURN NULL;
      END IF;
      CONTINUE WHEN m[1] = '!';
      lexeme := replace(m[2], '''''', '''');
      IF m[3] IS NULL THEN
        SELECT coalesce(sum(s.listings), 0) INTO bound FROM search_lexeme_counts(cat, lexeme, lexeme || chr(1)) s;
      ELSE
        SELECT count(*), coalesce(sum(w.listings), 0) INTO range_n, bound
          FROM (SELECT s.listings FROM search_lexeme_counts(cat, lexeme, lexeme || chr(1114111)) s LIMIT 2000) w;
        CONTINUE WHEN range_n >= 2000;
      END IF;
      rarest := least(rarest, bound);
    END LOOP;
    IF rarest IS NULL THEN
      RETURN NULL;
    END IF;
    total := total + rarest;
  END LOOP;
  RETURN total;
END
$$;
--> statement-breakpoint
-- search_plan as migration 0027 made it, with `held_by_none`.
CREATE OR REPLACE FUNCTION search_plan(q tsquery, count_limit bigint, candidates integer, walk_factor float8, floor_factor float8,
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
  chosen text[];
  chosen_sum bigint;
  pairs tsquery;
  overlap bigint;
  by_pairs boolean := false;
  held_by_none boolean := false;
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
    IF coalesce(top_lo, 0) = 0 THEN
      held_by_none := true;
    END IF;
    sum_lo := sum_lo + coalesce(top_lo, 0);
    last_prefix := term.prefix;
    last_lexeme := term.lexeme;
  END LOOP;
  IF terms = 0 THEN
    RETURN NEXT;
    RETURN;
  END IF;
  IF held_by_none THEN
    -- A word that no live listing holds (nor any lexeme it begins, for a word being typed): nothing
    -- matches the conjunction, and the counts say so exactly.
    total := 0;
    RETURN NEXT;
    RETURN;
  END IF;
  at_least := sum_lo - (terms - 1) * live;
  IF at_least < count_limit AND terms = 1 AND last_prefix AND coalesce(range_sum, count_limit) >= count_limit THEN
    -- One word being typed, none of whose lexemes alone proves it: the fewest of its most frequent
    -- lexemes whose counts add up to 1.25 x count_limit (at most 8), less once per pair the live
    -- listings holding two or more of them (read through the words' index: only those listings).
    SELECT array_agg(f.lexeme ORDER BY f.listings DESC, f.lexeme), sum(f.listings) INTO chosen, chosen_sum
      FROM search_frequent_lexemes(cat, last_lexeme, ceil(1.25 * count_limit)::bigint) f;
    IF chosen_sum >= count_limit AND cardinality(chosen) BETWEEN 2 AND 8 THEN
      SELECT string_agg('(' || quote_lexeme(a.l) || ' & ' || quote_lexeme(b.l) || ')', ' | ')::tsquery INTO pairs
        FROM unnest(chosen) WITH ORDINALITY a(l, i) JOIN unnest(chosen) WITH ORDINALITY b(l, j) ON a.i < b.j;
      SELECT coalesce(sum(x.m * (x.m - 1) / 2), 0) INTO overlap FROM (
        SELECT (SELECT count(*) FROM unnest(chosen) c WHERE l.search @@ quote_lexeme(c)::tsquery) AS m
        FROM listings l WHERE l.status = 'live' AND l.search @@ pairs AND (cat IS NULL OR l.category_ids && ARRAY[cat])) x;
      IF chosen_sum - overlap >= count_limit THEN
        at_least := chosen_sum - overlap;
        by_pairs := true;
      END IF;
    END IF;
  END IF;
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
    -- Proven by pairs, the bound is loose (the word's listings are many more than its few lexemes'),
    -- and a walk stops at the candidates: it walks whatever the bound.
    IF at_least::float8 * at_least >= walk_factor * live OR by_pairs THEN
      walk_rows := ceil(live * 1.5 * candidates / at_least)::bigint;
    ELSIF at_least::float8 * at_least >= floor_factor * everywhere THEN
      votes_floor := search_votes_floor(1.5 * candidates / at_least, ceil(everywhere * 1.5 * candidates / at_least)::bigint);
    END IF;
  END IF;
  RETURN NEXT;
END
$$;
