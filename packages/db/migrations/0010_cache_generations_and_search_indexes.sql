CREATE TABLE "cache_generations" (
	"name" text PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_id_trgm" ON "products" USING gin (lower("id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm" ON "products" USING gin (lower("description") gin_trgm_ops);