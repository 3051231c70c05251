-- The content service's write API (issue 24, docs/content-editing.md): drafts beside the published
-- content_items, every publication kept whole in content_versions, scheduled publications carried out by
-- the service's periodic job. Only content_items is what the storefront reads: its existing triggers
-- (0020, 0023) move the content generation and the page-cache tags when a publication writes it.
CREATE TABLE "content_drafts" (
	"type" text NOT NULL,
	"id" text NOT NULL,
	"locale" text NOT NULL,
	"data" jsonb NOT NULL,
	"base_version" integer,
	"restored_from" integer,
	"saved_by" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_type_id_locale_pk" PRIMARY KEY("type","id","locale")
);
--> statement-breakpoint
CREATE TABLE "content_schedule" (
	"key" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"id" text NOT NULL,
	"locale" text NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"restored_from" integer,
	"by" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"version" integer,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "content_schedule_state_check" CHECK ("content_schedule"."state" in ('pending', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"type" text NOT NULL,
	"id" text NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb,
	"action" text NOT NULL,
	"restored_from" integer,
	"by" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_type_id_locale_version_pk" PRIMARY KEY("type","id","locale","version"),
	CONSTRAINT "content_versions_version_check" CHECK ("content_versions"."version" > 0),
	CONSTRAINT "content_versions_action_check" CHECK ("content_versions"."action" in ('baseline', 'publish', 'unpublish', 'restore')),
	CONSTRAINT "content_versions_data_check" CHECK (("content_versions"."data" is null) = ("content_versions"."action" = 'unpublish'))
);
--> statement-breakpoint
CREATE INDEX "content_drafts_locale_idx" ON "content_drafts" USING btree ("locale","type");--> statement-breakpoint
CREATE UNIQUE INDEX "content_schedule_pending_idx" ON "content_schedule" USING btree ("type","id","locale") WHERE "content_schedule"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "content_schedule_due_idx" ON "content_schedule" USING btree ("publish_at") WHERE "content_schedule"."state" = 'pending';