ALTER TABLE "listings" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
-- listings.category_ids mirrors listing_categories (the ids in ascending order), so a search with words
-- and a category can intersect two indexes of listings. One statement-level trigger function for
-- INSERT, UPDATE and DELETE on listing_categories (transition tables): the listings touched get their
-- ids again from listing_categories, and only those whose ids changed are written.
CREATE FUNCTION listing_category_ids_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.listing_id) INTO touched FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.listing_id) INTO touched FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT x.listing_id) INTO touched
    FROM (SELECT n.listing_id FROM new_rows n UNION ALL SELECT o.listing_id FROM old_rows o) x;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE listings l SET category_ids = c.ids
  FROM (SELECT t.id, coalesce((SELECT array_agg(lc.category_id ORDER BY lc.category_id)
                               FROM listing_categories lc WHERE lc.listing_id = t.id), '{}'::int[]) AS ids
        FROM unnest(touched) AS t(id)) c
  WHERE l.id = c.id AND l.category_ids IS DISTINCT FROM c.ids;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_category_ids_insert AFTER INSERT ON listing_categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_category_ids_sync();
--> statement-breakpoint
CREATE TRIGGER listing_category_ids_update AFTER UPDATE ON listing_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_category_ids_sync();
--> statement-breakpoint
CREATE TRIGGER listing_category_ids_delete AFTER DELETE ON listing_categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_category_ids_sync();
--> statement-breakpoint
CREATE FUNCTION listing_category_ids_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET category_ids = '{}'::int[] WHERE category_ids <> '{}'::int[];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_category_ids_truncate AFTER TRUNCATE ON listing_categories FOR EACH STATEMENT EXECUTE FUNCTION listing_category_ids_clear();
--> statement-breakpoint
-- The listings there are: their ids now (before the index, so the backfill writes no index entries for it).
UPDATE listings l SET category_ids = c.ids
FROM (SELECT listing_id, array_agg(category_id ORDER BY category_id) AS ids FROM listing_categories GROUP BY listing_id) c
WHERE l.id = c.listing_id;
--> statement-breakpoint
CREATE INDEX "listings_category_ids_idx" ON "listings" USING gin ("category_ids");
