CREATE TABLE "listing_changes" (
	"product_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_changes_version_idx" ON "listing_changes" USING btree ("version");--> statement-breakpoint
-- The listing's change feed (schema/catalog.ts, `listing_changes`, says what a row holds). Versions come
-- from cache_generations('listing'), moved once per transaction at commit under that row's lock, as the
-- page cache's tags do (migration 0023): deferred, so the lock is the last a writer takes and no two
-- writers of different products wait on each other in the middle of their transactions.
INSERT INTO cache_generations (name, generation) VALUES ('listing', 1) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_version() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  remembered text := current_setting('catalogue.listing_version', true);
  next_version bigint;
BEGIN
  IF remembered IS NOT NULL AND split_part(remembered, ':', 1) = txid_current()::text THEN
    RETURN split_part(remembered, ':', 2)::bigint;
  END IF;
  UPDATE cache_generations SET generation = generation + 1 WHERE name = 'listing'
    RETURNING generation INTO next_version;
  PERFORM set_config('catalogue.listing_version', txid_current()::text || ':' || next_version::text, true);
  RETURN next_version;
END
$$;
--> statement-breakpoint
-- Every product at once: the marker row '' tells readers to load the whole listing again, and the rows'
-- own triggers in this transaction are skipped (a rebuild rewrites 100,000 rows).
CREATE OR REPLACE FUNCTION listing_changed_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('catalogue.listing_all', txid_current()::text, true);
  INSERT INTO listing_changes (product_id, version) VALUES ('', listing_version())
    ON CONFLICT (product_id) DO UPDATE SET version = excluded.version;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_change_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version bigint;
BEGIN
  IF current_setting('catalogue.listing_all', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  version := listing_version();
  INSERT INTO listing_changes (product_id, version)
    SELECT DISTINCT id, version FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.product_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.product_id END]) AS id
    WHERE id IS NOT NULL
    ON CONFLICT (product_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_listing_changes AFTER INSERT OR UPDATE OR DELETE ON product_listing
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION listing_change_touch();
--> statement-breakpoint
-- Migration 0041's function, with the marker for a rebuild of every product.
CREATE OR REPLACE FUNCTION refresh_product_listing(p_products text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- NULL means "all products": the backfill and the end of a bulk load.
  IF p_products IS NOT NULL AND (cardinality(p_products) = 0
    OR current_setting('catalogue.bulk_load', true) = 'on') THEN
    RETURN;
  END IF;
  IF p_products IS NULL THEN
    PERFORM set_config('catalogue.listing_rebuild', 'on', true);
    PERFORM listing_changed_all();
  END IF;
  DELETE FROM product_listing l WHERE p_products IS NULL OR l.product_id = ANY (p_products);
  INSERT INTO product_listing SELECT * FROM product_listing_rows(p_products);
  IF p_products IS NULL THEN
    PERFORM set_config('catalogue.listing_rebuild', 'off', true);
    DELETE FROM listing_facet_counts;
    INSERT INTO listing_facet_counts SELECT * FROM listing_facet_count_rows();
    DELETE FROM listing_positions;
    INSERT INTO listing_positions SELECT * FROM listing_position_rows();
  END IF;
END
$$;
--> statement-breakpoint
-- Migration 0035's function: a facet write may rewrite every product's facet columns.
CREATE OR REPLACE FUNCTION refresh_product_listing_facets() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.bulk_load', true) = 'on' THEN
    RETURN;
  END IF;
  PERFORM listing_changed_all();
  UPDATE product_listing l SET facets = x.facets, filter_tokens = x.filter_tokens
  FROM (SELECT p.id, product_listing_facets(p.xp) AS facets, product_listing_filter_tokens(p.xp) AS filter_tokens
    FROM products p) x
  WHERE x.id = l.product_id AND (l.facets <> x.facets OR l.filter_tokens <> x.filter_tokens);
END
$$;
--> statement-breakpoint
SELECT listing_changed_all();
