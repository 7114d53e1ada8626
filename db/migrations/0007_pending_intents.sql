CREATE TABLE "pending_intents" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"listing_id" integer NOT NULL,
	"return_path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"consumed_by" text
);
--> statement-breakpoint
ALTER TABLE "pending_intents" ADD CONSTRAINT "pending_intents_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_intents" ADD CONSTRAINT "pending_intents_consumed_by_users_id_fk" FOREIGN KEY ("consumed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_intents_expires_idx" ON "pending_intents" USING btree ("expires_at");