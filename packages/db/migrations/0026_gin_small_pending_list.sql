DROP INDEX "products_xp_gin";--> statement-breakpoint
DROP INDEX "products_xp_lower_gin";--> statement-breakpoint
DROP INDEX "products_name_trgm";--> statement-breakpoint
DROP INDEX "products_id_trgm";--> statement-breakpoint
DROP INDEX "products_description_trgm";--> statement-breakpoint
CREATE INDEX "products_xp_gin" ON "products" USING gin ("xp" jsonb_path_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "products_xp_lower_gin" ON "products" USING gin ((lower(("xp")::text)::jsonb) jsonb_path_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin (lower("name") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "products_id_trgm" ON "products" USING gin (lower("id") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "products_description_trgm" ON "products" USING gin (lower("description") gin_trgm_ops) WITH (gin_pending_list_limit=64);