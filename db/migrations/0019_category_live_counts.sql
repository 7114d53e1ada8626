CREATE TABLE "category_live_counts" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"listings" integer NOT NULL
);
--> statement-breakpoint
-- One statement-level trigger function for INSERT, UPDATE and DELETE on listings (transition tables), as
-- search_lexemes_sync (migration 0015): per category, the live listings gained and lost (by
-- listings.category_ids, which listing_categories' own trigger keeps), applied in category order (one lock
-- order). An update that changes neither the status nor the categories (a vote, an edit) adds nothing.
-- A category no live listing holds has no row.
CREATE FUNCTION category_live_counts_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
  ds int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c.id ORDER BY c.id), array_agg(c.d ORDER BY c.id) INTO ids, ds
    FROM (SELECT x AS id, count(*)::int AS d
          FROM new_rows n, unnest(n.category_ids) x WHERE n.status = 'live' GROUP BY x) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.id ORDER BY c.id), array_agg(c.d ORDER BY c.id) INTO ids, ds
    FROM (SELECT x AS id, -count(*)::int AS d
          FROM old_rows o, unnest(o.category_ids) x WHERE o.status = 'live' GROUP BY x) c;
  ELSE
    SELECT array_agg(c.id ORDER BY c.id), array_agg(c.d ORDER BY c.id) INTO ids, ds
    FROM (SELECT x AS id, sum(r.d)::int AS d
          FROM (SELECT n.category_ids AS cats, 1 AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE n.status = 'live' AND (o.status <> 'live' OR n.category_ids IS DISTINCT FROM o.category_ids)
                UNION ALL
                SELECT o.category_ids, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                  WHERE o.status = 'live' AND (n.status <> 'live' OR n.category_ids IS DISTINCT FROM o.category_ids)) r,
            unnest(r.cats) x
          GROUP BY x HAVING sum(r.d) <> 0) c;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO category_live_counts AS s (category_id, listings)
    SELECT * FROM unnest(ids, ds)
    ON CONFLICT (category_id) DO UPDATE SET listings = s.listings + excluded.listings;
  DELETE FROM category_live_counts WHERE category_id = ANY (ids) AND listings <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER category_live_counts_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_live_counts_sync();
--> statement-breakpoint
CREATE TRIGGER category_live_counts_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_live_counts_sync();
--> statement-breakpoint
CREATE TRIGGER category_live_counts_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_live_counts_sync();
--> statement-breakpoint
CREATE FUNCTION category_live_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM category_live_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER category_live_counts_truncate AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION category_live_counts_clear();
--> statement-breakpoint
INSERT INTO category_live_counts (category_id, listings)
  SELECT x, count(*)::int FROM listings, unnest(category_ids) x WHERE status = 'live' GROUP BY x;
