CREATE TABLE "page_cache_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_cache_tags_version_idx" ON "page_cache_tags" USING btree ("version");