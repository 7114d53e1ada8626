ALTER TABLE "pending_intents" ADD COLUMN "awaiting_email_hash" text;--> statement-breakpoint
CREATE INDEX "pending_intents_awaiting_idx" ON "pending_intents" USING btree ("awaiting_email_hash");