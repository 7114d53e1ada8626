DROP INDEX "listing_categories_category_idx";--> statement-breakpoint
CREATE INDEX "listings_live_newest_idx" ON "listings" USING btree (coalesce("launched_at", "created_at") desc nulls last,"id") WHERE "listings"."status" = 'live';--> statement-breakpoint
CREATE INDEX "listings_live_name_idx" ON "listings" USING btree (lower("name"),"id") WHERE "listings"."status" = 'live';--> statement-breakpoint
CREATE INDEX "listing_categories_category_idx" ON "listing_categories" USING btree ("category_id","listing_id");