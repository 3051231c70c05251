-- The products' GIN indexes keep a pending list of 64 kB instead of the default 4 MB. PGlite has no
-- autovacuum: after the dataset load every probe of these indexes read the whole 4 MB pending list (10–25 ms
-- a lookup). Setting the storage parameter changes nothing already written; new entries obey it at once.
ALTER INDEX "products_xp_gin" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_xp_lower_gin" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_name_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_id_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "products_description_trgm" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
-- What an earlier dataset load left in the pending lists goes into the indexes now (VACUUM would do it, and
-- PGlite never vacuums on its own).
SELECT gin_clean_pending_list(c.oid) FROM pg_class c
WHERE c.relname IN ('products_xp_gin', 'products_xp_lower_gin', 'products_name_trgm', 'products_id_trgm', 'products_description_trgm');
