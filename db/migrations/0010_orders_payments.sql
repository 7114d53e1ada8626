CREATE TABLE "featured_placements" (
	"listing_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"week" text NOT NULL,
	"order_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_placements_listing_id_category_id_week_pk" PRIMARY KEY("listing_id","category_id","week")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_key" text NOT NULL,
	"description" text NOT NULL,
	"listing_id" integer,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"capacity_week" text,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"fulfilment" jsonb,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"checkout_token_hash" text NOT NULL,
	"site_id" integer NOT NULL,
	"owner_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"billing_country" text,
	"billing_vat_number" text,
	"billing_name" text,
	"billing_address" text,
	"currency" text DEFAULT 'usd' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"vat_reason" text NOT NULL,
	"vat_detail" jsonb NOT NULL,
	"promo_code" text,
	"promo_code_id" integer,
	"promo_dropped" text,
	"provider" text,
	"provider_ref" text,
	"payment_method" text,
	"payment_ref" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'expired', 'cancelled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_number" text,
	"payload" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"actor_id" text,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"product_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"once_per_account" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('percent', 'amount'))
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"discount_cents" integer NOT NULL,
	"held_until" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemptions_status_check" CHECK ("promo_redemptions"."status" in ('held', 'redeemed', 'released'))
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"country" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	CONSTRAINT "vat_rates_country_valid_from_pk" PRIMARY KEY("country","valid_from")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "week_capacity" integer;--> statement-breakpoint
ALTER TABLE "featured_placements" ADD CONSTRAINT "featured_placements_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_placements" ADD CONSTRAINT "featured_placements_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_placements" ADD CONSTRAINT "featured_placements_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_changes" ADD CONSTRAINT "product_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_changes" ADD CONSTRAINT "product_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "featured_placements_category_week_idx" ON "featured_placements" USING btree ("category_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_capacity_idx" ON "order_lines" USING btree ("product_key","capacity_week");--> statement-breakpoint
CREATE INDEX "order_lines_listing_idx" ON "order_lines" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "orders_owner_created_idx" ON "orders" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_expires_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_provider_ref_idx" ON "orders" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "product_changes_product_idx" ON "product_changes" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_order_idx" ON "promo_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("promo_code_id","status");--> statement-breakpoint
-- The 27 EU standard VAT rates in force in 2026, each from the day it took effect (docs/decisions.md#vat).
-- Source: European Commission, Taxes in Europe Database (TEDB), as compiled in the standard-rate history of
-- github.com/vatnode/eu-vat-rates-data (data/eu-vat-rates-history.json, version 2026-09-23); checked against
-- the 2026 table of eurofiscalis.com/en/vat-rates-in-ue (updated 2026-02-02).
INSERT INTO "vat_rates" ("country", "rate_bp", "valid_from") VALUES
	('AT', 2000, '1984-01-01'), ('BE', 2100, '1996-01-01'), ('BG', 2000, '1999-01-01'), ('CY', 1900, '2014-01-13'),
	('CZ', 2100, '2013-01-01'), ('DE', 1900, '2021-01-01'), ('DK', 2500, '1992-01-01'), ('EE', 2400, '2025-07-01'),
	('ES', 2100, '2012-09-01'), ('FI', 2550, '2024-09-01'), ('FR', 2000, '2014-01-01'), ('GR', 2400, '2016-06-01'),
	('HR', 2500, '2012-03-01'), ('HU', 2700, '2012-01-01'), ('IE', 2300, '2021-03-01'), ('IT', 2200, '2013-10-01'),
	('LT', 2100, '2009-09-01'), ('LU', 1700, '2024-01-01'), ('LV', 2100, '2012-07-01'), ('MT', 1800, '2004-01-01'),
	('NL', 2100, '2012-10-01'), ('PL', 2300, '2011-01-01'), ('PT', 2300, '2011-01-01'), ('RO', 2100, '2025-08-01'),
	('SE', 2500, '1990-07-01'), ('SI', 2200, '2013-07-01'), ('SK', 2300, '2025-01-01')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Paid launch weeks have their own capacity; a product that cannot deliver is not sold
-- (docs/decisions.md#fulfilment): the newsletter has no delivery yet. The billboard minimum is read
-- from the product's price, so its option data loses the repeated figure.
UPDATE "products" SET "week_capacity" = 10 WHERE "key" = 'launch' AND "week_capacity" IS NULL;--> statement-breakpoint
UPDATE "products" SET "active" = false WHERE "key" = 'newsletter_sponsor';--> statement-breakpoint
UPDATE "products" SET "options" = (
	SELECT coalesce(jsonb_agg(CASE WHEN o->>'type' = 'integer_cents' THEN o - 'min' ELSE o END ORDER BY n), '[]'::jsonb)
	FROM jsonb_array_elements("options") WITH ORDINALITY AS t(o, n)
) WHERE "key" = 'billboard';
