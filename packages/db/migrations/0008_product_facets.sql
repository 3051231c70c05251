CREATE TABLE "product_facets" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"xp_path" text NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	"min_count" integer DEFAULT 1 NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
