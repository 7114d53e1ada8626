-- search_dense_prefix(q): for a single word being typed ('lope':*) that begins many lexemes none of which
-- alone proves more matches than a search counts (search_plan), its most frequent lexemes OR-ed: the
-- fewest, taken by their counts, whose counts add up to twice count_limit. Every listing holding one of
-- them matches q, so when count_limit live listings hold them, q matches at least that many, and the
-- search counts them there (lib/listings/search.ts, cappedMatches) instead of in every lexeme q begins.
-- A GIN index answers a prefix by gathering the postings of every lexeme it begins into one bitmap: at a
-- million listings "lope" begins 1,930 lexemes held 95,000 times, 44 ms before the first row is read;
-- its six most frequent lexemes hold 23,800 and prove 10,001 matches in 20 ms, rows included.
-- The candidates are the lexemes with at least 1,000 listings (their own index) and the first 2,000 the
-- word begins. NULL (count as typed) when q is not one word being typed, or in several categories, or
-- when those lexemes cannot reach count_limit, need more than 64 terms, or are every lexeme q begins.
-- In one category (category_ids[1]) the category's counts are read, as search_plan reads them.
CREATE FUNCTION search_dense_prefix(q tsquery, count_limit bigint, category_ids integer[])
RETURNS tsquery
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  m text[];
  word text;
  hi text;
  cat integer := category_ids[1];
  chosen text[];
  chosen_sum bigint;
  range_n integer;
BEGIN
  m := regexp_match(q::text, '^''((?:[^'']|'''')*)'':\*$');
  IF m IS NULL OR m[1] = '' OR cardinality(category_ids) > 1 THEN
    RETURN NULL;
  END IF;
  word := replace(m[1], '''''', '''');
  hi := word || chr(1114111);
  SELECT count(*) INTO range_n FROM (SELECT 1 FROM search_lexeme_counts(cat, word, hi) LIMIT 2001) w;
  SELECT array_agg(c.lexeme ORDER BY c.listings DESC, c.lexeme), sum(c.listings) INTO chosen, chosen_sum
  FROM (SELECT x.lexeme, x.listings,
          sum(x.listings) OVER (ORDER BY x.listings DESC, x.lexeme) - x.listings AS before
        FROM ((SELECT s.lexeme, s.listings FROM search_lexeme_counts(cat, word, hi) s WHERE s.listings >= 1000)
              UNION
              (SELECT s.lexeme, s.listings FROM search_lexeme_counts(cat, word, hi) s LIMIT 2000)) x
        WHERE x.listings > 0) c
  WHERE c.before < 2 * count_limit;
  IF chosen IS NULL OR chosen_sum < count_limit OR cardinality(chosen) > 64 OR cardinality(chosen) >= range_n THEN
    RETURN NULL;
  END IF;
  RETURN (SELECT string_agg(quote_lexeme(l), ' | ') FROM unnest(chosen) l)::tsquery;
END
$$;
