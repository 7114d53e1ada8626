-- A word being typed that begins many rare lexemes, none of which alone proves that it matches more
-- listings than a search counts (migration 0025's "lope" at a million listings, "kaka" at 100,000):
-- search_plan now proves it from the lexeme counts and a small read. The union of some lexemes' listings
-- holds at least the sum of their counts less, for each pair of them, the listings holding both
-- (Bonferroni's inequality); the listings holding two or more of a few rare lexemes are few ("kaka"'s
-- three most frequent at 100k: 12,658 listings in all, 483 holding two, 2 ms to read), where proving it
-- by finding 10,001 of them read 10,001 rows (25 ms). Proven so, the search walks: its bound is loose
-- (the word's listings are many more than its few lexemes'), the walk stops once it has its candidates,
-- and a votes floor would read the word's every lexeme; when the walk finds too few, it scans as before.
--
-- search_frequent_lexemes(cat, word, reach): the fewest of the most frequent lexemes `word` begins,
-- taken by their counts, whose counts add up to `reach` (the 65 most frequent when they do not): the
-- candidates are those in at least 1,000 listings (their own index) and the first 2,000 the word
-- begins (sorted in byte order: by the database's collation, sorting 2,000 of them took 2 ms). Of the live listings in category `cat`, or of all when cat is null. search_dense_prefix
-- (migration 0025) now reads its lexemes here too.
CREATE FUNCTION search_frequent_lexemes(cat integer, word text, reach bigint)
RETURNS TABLE (lexeme text, listings integer)
LANGUAGE sql STABLE AS $$
  SELECT c.lexeme, c.listings
  FROM (SELECT t.lexeme, t.listings,
          sum(t.listings) OVER (ORDER BY t.listings DESC, t.lexeme COLLATE "C") - t.listings AS before
        FROM (SELECT x.lexeme, x.listings
              FROM ((SELECT s.lexeme, s.listings FROM search_lexeme_counts(cat, word, word || chr(1114111)) s WHERE s.listings >= 1000)
                    UNION
                    (SELECT s.lexeme, s.listings FROM search_lexeme_counts(cat, word, word || chr(1114111)) s LIMIT 2000)) x
              WHERE x.listings > 0
              ORDER BY x.listings DESC, x.lexeme COLLATE "C" LIMIT 65) t) c
  WHERE c.before < reach
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_dense_prefix(q tsquery, count_limit bigint, category_ids integer[])
RETURNS tsquery
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  m text[];
  word text;
  chosen text[];
  chosen_sum bigint;
  range_n integer;
BEGIN
  m := regexp_match(q::text, '^''((?:[^'']|'''')*)'':\*$');
  IF m IS NULL OR m[1] = '' OR cardinality(category_ids) > 1 THEN
    RETURN NULL;
  END IF;
  word := replace(m[1], '''''', '''');
  SELECT count(*) INTO range_n FROM (SELECT 1 FROM search_lexeme_counts(category_ids[1], word, word || chr(1114111)) LIMIT 2001) w;
  SELECT array_agg(f.lexeme ORDER BY f.listings DESC, f.lexeme), sum(f.listings) INTO chosen, chosen_sum
    FROM search_frequent_lexemes(category_ids[1], word, 2 * count_limit) f;
  IF chosen IS NULL OR chosen_sum < count_limit OR cardinality(chosen) > 64 OR cardinality(chosen) >= range_n THEN
    RETURN NULL;
  END IF;
  RETURN (SELECT string_agg(quote_lexeme(l), ' | ') FROM unnest(chosen) l)::tsquery;
END
$$;
--> statement-breakpoint
-- search_plan as migration 0020 made it, with the proof above (`by_pairs`).
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
