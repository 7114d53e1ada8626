DROP INDEX "listings_status_votes_idx";--> statement-breakpoint
DROP INDEX "listings_live_newest_idx";--> statement-breakpoint
DROP INDEX "listings_live_name_idx";--> statement-breakpoint
CREATE INDEX "listings_status_votes_idx" ON "listings" USING btree ("status","votes_count" DESC NULLS LAST,"id","category_ids");--> statement-breakpoint
CREATE INDEX "listings_live_newest_idx" ON "listings" USING btree (coalesce("launched_at", "created_at") desc nulls last,"id","launched_at","created_at","category_ids") WHERE "listings"."status" = 'live';--> statement-breakpoint
CREATE INDEX "listings_live_name_idx" ON "listings" USING btree (lower("name"),"id","name","category_ids") WHERE "listings"."status" = 'live';