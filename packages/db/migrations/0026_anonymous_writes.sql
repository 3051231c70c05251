ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmation_window_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_events" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "search_events" ADD COLUMN "source" text;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_token_idx" ON "newsletter_subscriptions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_pending_idx" ON "newsletter_subscriptions" USING btree ("expires_at") WHERE "newsletter_subscriptions"."confirmed_at" is null;