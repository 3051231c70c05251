-- Rows the demo dataset gained after some installations had loaded it. A database whose dataset was
-- loaded before (its `app_meta` 'dataset' marker is there) gets them now; a new database has no marker
-- yet and gets them from the dataset load. Nothing that exists is overwritten.

-- The sales inbox's API client (seller only): without it `admin` cannot sign in at /{locale}/sales.
INSERT INTO "api_clients" ("id", "app_name", "client_secret", "access_token_duration", "refresh_token_duration", "is_anon_buyer", "allow_any_buyer", "allow_seller")
SELECT 'sales-inbox', 'Storefront sales inbox', NULL, 600, 4320, false, false, true
WHERE EXISTS (SELECT 1 FROM "app_meta" WHERE "key" = 'dataset')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- The demo variant product's Finish defaults to galvanised, so a project line can add it with a
-- quantity alone (the project routes carry no spec choices).
UPDATE "specs" SET "default_option_id" = 'galv'
WHERE "id" = 'demo-finish' AND "default_option_id" IS NULL
  AND EXISTS (SELECT 1 FROM "spec_options" WHERE "spec_id" = 'demo-finish' AND "id" = 'galv');
