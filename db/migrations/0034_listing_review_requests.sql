CREATE TABLE "listing_review_requests" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"user_id" text,
	"message" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_review_requests" ADD CONSTRAINT "listing_review_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_review_requests" ADD CONSTRAINT "listing_review_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;