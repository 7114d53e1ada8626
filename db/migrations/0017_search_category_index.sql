-- One GIN index over the words and the category ids (see db/schema/listings.ts): built under a new name
-- first (reads go on meanwhile), then the two indexes it replaces are dropped and it takes the name.
CREATE INDEX "listings_search_category_idx" ON "listings" USING gin ("search","category_ids") WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "listings_category_ids_idx";--> statement-breakpoint
DROP INDEX "listings_search_idx";--> statement-breakpoint
ALTER INDEX "listings_search_category_idx" RENAME TO "listings_search_idx";
