CREATE TABLE "draft_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"draft_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"accepted_by" text,
	"founder_profile_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "draft_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"draft_id" text NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"title" text,
	"text" text DEFAULT '' NOT NULL,
	"urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"html" text,
	"position" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'crawling' NOT NULL,
	"phase" text DEFAULT 'queued' NOT NULL,
	"failure_reason" text,
	"failure_message" text,
	"pages_fetched" integer DEFAULT 0 NOT NULL,
	"pages_planned" integer DEFAULT 0 NOT NULL,
	"fields" jsonb,
	"extraction" jsonb,
	"drafter" text,
	"listing_id" integer,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robots_cache" (
	"origin" text PRIMARY KEY NOT NULL,
	"verdict" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_steps" (
	"job_id" integer NOT NULL,
	"step_id" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_steps_job_id_step_id_pk" PRIMARY KEY("job_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"function_id" text NOT NULL,
	"key" text NOT NULL,
	"concurrency_key" text,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_invites" ADD CONSTRAINT "draft_invites_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_invites" ADD CONSTRAINT "draft_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_invites" ADD CONSTRAINT "draft_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_invites" ADD CONSTRAINT "draft_invites_founder_profile_id_founder_profiles_id_fk" FOREIGN KEY ("founder_profile_id") REFERENCES "public"."founder_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_pages" ADD CONSTRAINT "draft_pages_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_steps" ADD CONSTRAINT "job_steps_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_invites_draft_idx" ON "draft_invites" USING btree ("draft_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draft_pages_draft_url_idx" ON "draft_pages" USING btree ("draft_id","url");--> statement-breakpoint
CREATE INDEX "drafts_owner_idx" ON "drafts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "drafts_status_idx" ON "drafts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_function_key_idx" ON "jobs" USING btree ("function_id","key");