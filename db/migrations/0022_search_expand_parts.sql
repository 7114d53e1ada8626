-- search_expand_parts(q): search_expand's rewrite of q (migration 0016) as {whole, main, rest}. When the
-- word being typed is a frequent whole word with rare longer ones ('campaign' | 'campaignb':* | …),
-- `main` is q with that word alone ('medit' & 'campaign') and `rest` q with its longer words alone
-- ('medit' & ( 'campaignb':* | … )): `main | rest` matches what `whole` matches. Searched as two
-- conditions (`search @@ main OR search @@ rest`, a BitmapOr of two GIN scans), neither scan walks
-- the other words' postings with twenty more entries to test at each: a GIN scan's work per posting
-- grows with its entries. At a million listings, "meditation campaign" (57,830 and 86,456 listings)
-- gathered its 5,129 matches in 30-47 ms as one query and in 11 ms as two (9 + 2 ms). Otherwise
-- `main` is `whole` and `rest` is null (a null query matches nothing).
CREATE FUNCTION search_expand_parts(q tsquery, frequent integer DEFAULT 10000)
RETURNS tsquery[]
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  txt text := q::text;
  term record;
  lexemes text[];
  part tsquery;
  longer text;
  split_top tsquery;
  result tsquery;
  main tsquery;
  rest tsquery;
  expanded boolean := false;
  upper_bound text;
  after text;
  ch text;
BEGIN
  IF txt !~ '^''(?:[^'']|'''')*''(?::\*)?(?: & ''(?:[^'']|'''')*''(?::\*)?)*$' THEN
    RETURN ARRAY[q, q, NULL];
  END IF;
  FOR term IN SELECT replace(m[1], '''''', '''') AS lexeme, m[2] IS NOT NULL AS prefix
      FROM regexp_matches(txt, '''((?:[^'']|'''')*)''(:\*)?', 'g') m LOOP
    part := (quote_lexeme(term.lexeme) || CASE WHEN term.prefix THEN ':*' ELSE '' END)::tsquery;
    longer := NULL;
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
        after := term.lexeme;
        LOOP
          SELECT substr(s.lexeme, length(term.lexeme) + 1, 1) INTO ch FROM search_lexemes s
            WHERE s.lexeme ~>~ after AND s.lexeme ~<~ upper_bound ORDER BY s.lexeme USING ~<~ LIMIT 1;
          EXIT WHEN ch IS NULL;
          longer := CASE WHEN longer IS NULL THEN '' ELSE longer || ' | ' END || quote_lexeme(term.lexeme || ch) || ':*';
          after := term.lexeme || ch || chr(1114111);
        END LOOP;
        part := quote_lexeme(term.lexeme)::tsquery;
        expanded := true;
      END IF;
    END IF;
    IF longer IS NOT NULL THEN
      split_top := part;
      part := part || longer::tsquery;
    END IF;
    -- The first word rewritten this way is split; the words after it are in both parts.
    IF longer IS NOT NULL AND rest IS NULL THEN
      main := CASE WHEN result IS NULL THEN split_top ELSE result && split_top END;
      rest := CASE WHEN result IS NULL THEN longer::tsquery ELSE result && longer::tsquery END;
    ELSIF rest IS NOT NULL THEN
      main := main && part;
      rest := rest && part;
    END IF;
    result := CASE WHEN result IS NULL THEN part ELSE result && part END;
  END LOOP;
  IF NOT expanded THEN
    RETURN ARRAY[q, q, NULL];
  END IF;
  RETURN ARRAY[result, coalesce(main, result), rest];
END
$$;
--> statement-breakpoint
-- search_expand as before, from search_expand_parts (one definition of the rewrite).
CREATE OR REPLACE FUNCTION search_expand(q tsquery, frequent integer DEFAULT 10000)
RETURNS tsquery
LANGUAGE sql STABLE
AS $$ SELECT (search_expand_parts(q, frequent))[1] $$;
