CREATE TABLE "category_votes" (
	"category_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"votes_count" integer NOT NULL,
	CONSTRAINT "category_votes_category_id_listing_id_pk" PRIMARY KEY("category_id","listing_id")
);
--> statement-breakpoint
CREATE INDEX "category_votes_order_idx" ON "category_votes" USING btree ("category_id","votes_count" DESC NULLS LAST,"listing_id");--> statement-breakpoint
-- One statement-level trigger function for INSERT, UPDATE and DELETE on listings (transition tables), as
-- category_live_counts_sync (migration 0019): the (category, listing, votes) rows of the listings whose
-- status, categories or votes changed are replaced, in (category, listing) order (one lock order). An
-- edit that changes none of them (a new headline) writes nothing; a vote rewrites the listing's rows.
CREATE FUNCTION category_votes_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gone int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO category_votes (category_id, listing_id, votes_count)
      SELECT k, n.id, n.votes_count FROM new_rows n, unnest(n.category_ids) k WHERE n.status = 'live' ORDER BY k, n.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.id) INTO gone FROM old_rows o WHERE o.status = 'live' AND cardinality(o.category_ids) > 0;
  ELSE
    SELECT array_agg(o.id) INTO gone FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'live' OR n.status = 'live') AND (cardinality(o.category_ids) > 0 OR cardinality(n.category_ids) > 0)
        AND (o.status IS DISTINCT FROM n.status OR o.category_ids IS DISTINCT FROM n.category_ids
          OR o.votes_count IS DISTINCT FROM n.votes_count);
  END IF;
  IF gone IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM category_votes c USING old_rows o, unnest(o.category_ids) k
    WHERE o.id = ANY (gone) AND c.category_id = k AND c.listing_id = o.id;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO category_votes (category_id, listing_id, votes_count)
      SELECT k, n.id, n.votes_count FROM new_rows n, unnest(n.category_ids) k
      WHERE n.id = ANY (gone) AND n.status = 'live' ORDER BY k, n.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER category_votes_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_votes_sync();
--> statement-breakpoint
CREATE TRIGGER category_votes_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_votes_sync();
--> statement-breakpoint
CREATE TRIGGER category_votes_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_votes_sync();
--> statement-breakpoint
CREATE FUNCTION category_votes_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM category_votes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER category_votes_truncate AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION category_votes_clear();
--> statement-breakpoint
INSERT INTO category_votes (category_id, listing_id, votes_count)
  SELECT k, l.id, l.votes_count FROM listings l, unnest(l.category_ids) k WHERE l.status = 'live';
