-- Extensions used by the search service (accent folding, trigram matching for typos and part numbers).
-- Both ship with PostgreSQL's contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
