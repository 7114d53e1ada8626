DROP INDEX "listings_category_ids_idx";--> statement-breakpoint
CREATE INDEX "listings_category_search_idx" ON "listings" USING gin ("category_ids","search") WITH (fastupdate=false);