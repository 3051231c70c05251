CREATE TABLE "product_listing" (
	"product_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean NOT NULL,
	"catalogs" text[] NOT NULL,
	"placed" integer[] NOT NULL,
	"within" integer[] NOT NULL,
	"facets" text[] NOT NULL,
	"filter_tokens" text[] NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "listing_key" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "categories_listing_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "product_listing_search_trgm" ON "product_listing" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "product_listing_id_sort" ON "product_listing" USING btree ((lower("product_id") collate "C"),("product_id" collate "C"));--> statement-breakpoint
CREATE INDEX "product_listing_name_sort" ON "product_listing" USING btree ((lower("name") collate "C"),("name" collate "C"),("product_id" collate "C"));--> statement-breakpoint
CREATE INDEX "product_listing_within_gin" ON "product_listing" USING gin ("within") WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "product_listing_placed_gin" ON "product_listing" USING gin ("placed") WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "product_listing_filter_gin" ON "product_listing" USING gin ("filter_tokens") WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE UNIQUE INDEX "categories_listing_key_idx" ON "categories" USING btree ("listing_key");--> statement-breakpoint
-- product_listing (schema/catalog.ts says what a row holds) is derived from products, product_facets and
-- the catalog and category assignments, and rewritten by triggers in the writing transaction for the
-- products a statement touched. `product_listing_rows` is its definition: the triggers and the backfill
-- insert what it returns, and the database tests compare the table with it after random writes.
CREATE OR REPLACE FUNCTION product_listing_values(p_xp jsonb, p_path text)
RETURNS TABLE (value text, is_text boolean) LANGUAGE sql IMMUTABLE AS $$
  -- The scalar values at an xp path, or each scalar element when it holds an array.
  SELECT e #>> '{}', jsonb_typeof(e) IN ('string', 'boolean')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_xp #> string_to_array(p_path, '.')) = 'array'
    THEN p_xp #> string_to_array(p_path, '.') ELSE '[]'::jsonb END) AS elements (e)
  WHERE jsonb_typeof(e) IN ('string', 'number', 'boolean')
  UNION ALL
  SELECT p_xp #>> string_to_array(p_path, '.'), jsonb_typeof(p_xp #> string_to_array(p_path, '.')) IN ('string', 'boolean')
  WHERE jsonb_typeof(p_xp #> string_to_array(p_path, '.')) IN ('string', 'number', 'boolean')
$$;
--> statement-breakpoint
-- The facet columns of one product, apart, so that a facet write can rewrite them alone.
CREATE OR REPLACE FUNCTION product_listing_facets(p_xp jsonb) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT DISTINCT f.xp_path || E'\x1f' || v.value FROM product_facets f
    CROSS JOIN LATERAL product_listing_values(p_xp, f.xp_path) v ORDER BY 1)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_filter_tokens(p_xp jsonb) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT DISTINCT f.xp_path || E'\x1f' || lower(v.value) FROM product_facets f
    CROSS JOIN LATERAL product_listing_values(p_xp, f.xp_path) v WHERE v.is_text ORDER BY 1)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_rows(p_products text[])
RETURNS SETOF product_listing LANGUAGE sql STABLE AS $$
  SELECT p.id, p.name, p.active,
    ARRAY(SELECT DISTINCT cpa.catalog_id FROM catalog_product_assignments cpa
      WHERE cpa.product_id = p.id ORDER BY 1),
    ARRAY(SELECT k.listing_key FROM category_product_assignments cp
      JOIN categories k ON k.catalog_id = cp.catalog_id AND k.id = cp.category_id
      WHERE cp.product_id = p.id ORDER BY 1),
    ARRAY(WITH RECURSIVE up (catalog_id, id, parent_id, listing_key) AS (
        SELECT k.catalog_id, k.id, k.parent_id, k.listing_key FROM category_product_assignments cp
        JOIN categories k ON k.catalog_id = cp.catalog_id AND k.id = cp.category_id
        WHERE cp.product_id = p.id
        UNION
        -- UNION, not UNION ALL: a cycle a broken write might leave ends the walk instead of looping.
        SELECT k.catalog_id, k.id, k.parent_id, k.listing_key FROM up
        JOIN categories k ON k.catalog_id = up.catalog_id AND k.id = up.parent_id)
      SELECT DISTINCT up.listing_key FROM up ORDER BY 1),
    product_listing_facets(p.xp),
    product_listing_filter_tokens(p.xp),
    -- One line per searched property: a search term (never holding a line break) matches within one.
    lower(p.id) || chr(10) || lower(p.name) || chr(10) || lower(coalesce(p.description, ''))
  FROM products p
  WHERE p_products IS NULL OR p.id = ANY (p_products)
$$;
--> statement-breakpoint
-- A bulk load (the dataset loader, one transaction) sets `catalogue.bulk_load` for its transaction: the
-- read models' triggers then skip their per-statement refreshes, and the loader rebuilds both read models
-- once at the end (NULL arguments: everything). At 100,000 SKUs the per-batch refreshes rewrote each
-- product's rows several times over.
CREATE OR REPLACE FUNCTION refresh_product_listing(p_products text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- NULL means "all products": the backfill and the end of a bulk load.
  IF p_products IS NOT NULL AND (cardinality(p_products) = 0
    OR current_setting('catalogue.bulk_load', true) = 'on') THEN
    RETURN;
  END IF;
  DELETE FROM product_listing l WHERE p_products IS NULL OR l.product_id = ANY (p_products);
  INSERT INTO product_listing SELECT * FROM product_listing_rows(p_products);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_product_listing_facets() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.bulk_load', true) = 'on' THEN
    RETURN;
  END IF;
  UPDATE product_listing l SET facets = x.facets, filter_tokens = x.filter_tokens
  FROM (SELECT p.id, product_listing_facets(p.xp) AS facets, product_listing_filter_tokens(p.xp) AS filter_tokens
    FROM products p) x
  WHERE x.id = l.product_id AND (l.facets <> x.facets OR l.filter_tokens <> x.filter_tokens);
END
$$;
--> statement-breakpoint
ALTER FUNCTION refresh_buyer_product_visibility(text[], text[], text[]) RENAME TO refresh_buyer_product_visibility_now;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_buyer_product_visibility(p_catalogs text[], p_buyers text[], p_products text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.bulk_load', true) = 'on'
    AND NOT (p_catalogs IS NULL AND p_buyers IS NULL AND p_products IS NULL) THEN
    RETURN;
  END IF;
  PERFORM refresh_buyer_product_visibility_now(p_catalogs, p_buyers, p_products);
END
$$;
--> statement-breakpoint
-- Statement-level triggers read the statement's transition tables. Writes that change nothing the read
-- models hold rewrite nothing: at 100,000 SKUs a category rename used to rewrite its catalog's buyer
-- visibility (14 s, past the statement timeout).
CREATE OR REPLACE FUNCTION product_listing_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_listing(ARRAY(SELECT DISTINCT id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only products whose ID, name, description, active flag or xp changed (not stock or price updates).
  PERFORM refresh_product_listing(ARRAY(
    (SELECT id FROM (SELECT id, name, description, active, xp FROM new_rows
      EXCEPT SELECT id, name, description, active, xp FROM old_rows) n)
    UNION
    (SELECT id FROM (SELECT id, name, description, active, xp FROM old_rows
      EXCEPT SELECT id, name, description, active, xp FROM new_rows) o)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_assignments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- catalog_product_assignments, category_product_assignments.
  PERFORM refresh_product_listing(ARRAY(SELECT DISTINCT product_id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A category inserted or deleted changes `within` for every product below it: those whose row names it
  -- now (before the statement) and those assigned to it.
  PERFORM refresh_product_listing(ARRAY(
    SELECT l.product_id FROM product_listing l
    WHERE l.within && ARRAY(SELECT c.listing_key FROM changed c)
    UNION
    SELECT cp.product_id FROM category_product_assignments cp
    JOIN changed c ON c.catalog_id = cp.catalog_id AND c.id = cp.category_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_categories_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only categories whose ID or parent changed (not a name or the list order).
  PERFORM refresh_product_listing(ARRAY(
    WITH moved AS (
      (SELECT catalog_id, id, parent_id FROM old_rows EXCEPT SELECT catalog_id, id, parent_id FROM new_rows)
      UNION
      (SELECT catalog_id, id, parent_id FROM new_rows EXCEPT SELECT catalog_id, id, parent_id FROM old_rows))
    SELECT l.product_id FROM product_listing l
    WHERE l.within && ARRAY(SELECT k.listing_key FROM old_rows k
      JOIN moved m ON m.catalog_id = k.catalog_id AND m.id = k.id)
    UNION
    SELECT cp.product_id FROM category_product_assignments cp
    JOIN moved m ON m.catalog_id = cp.catalog_id AND m.id = cp.category_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The listing depends on the facets' paths only: a facet inserted or deleted rewrites the facet columns
  -- where they change (a rare change of the catalogue's configuration).
  PERFORM refresh_product_listing_facets();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_facets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Not for a name, an order or a minimum count: only when the set of paths changed.
  IF EXISTS (SELECT xp_path FROM old_rows EXCEPT SELECT xp_path FROM new_rows)
    OR EXISTS (SELECT xp_path FROM new_rows EXCEPT SELECT xp_path FROM old_rows) THEN
    PERFORM refresh_product_listing_facets();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('products', 'product_listing_products_changed', 'product_listing_products_updated'),
    ('catalog_product_assignments', 'product_listing_assignments_changed', NULL),
    ('category_product_assignments', 'product_listing_assignments_changed', NULL),
    ('categories', 'product_listing_categories_changed', 'product_listing_categories_updated'),
    ('product_facets', 'product_listing_facets_changed', 'product_listing_facets_updated')) AS v (tbl, fn, on_update)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_listing_insert', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_listing_delete', t.tbl, t.fn);
    IF t.on_update IS NULL THEN
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_listing_update_old', t.tbl, t.fn);
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_listing_update_new', t.tbl, t.fn);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_listing_update', t.tbl, t.on_update);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Buyer visibility (migration 0034) depends on a category's catalog, ID, parent and active flag only: an
-- UPDATE compares its before and after rows and refreshes the catalogs where one of those changed.
DROP TRIGGER IF EXISTS categories_bpv_update_old ON categories;--> statement-breakpoint
DROP TRIGGER IF EXISTS categories_bpv_update_new ON categories;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bpv_categories_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_buyer_product_visibility(ARRAY(
    SELECT DISTINCT catalog_id FROM (
      (SELECT catalog_id, id, parent_id, active FROM old_rows EXCEPT SELECT catalog_id, id, parent_id, active FROM new_rows)
      UNION
      (SELECT catalog_id, id, parent_id, active FROM new_rows EXCEPT SELECT catalog_id, id, parent_id, active FROM old_rows)) moved),
    NULL, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_bpv_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bpv_categories_updated();--> statement-breakpoint
SELECT refresh_product_listing(NULL);--> statement-breakpoint
-- Statistics at once: the planner needs them to choose between an index and a scan from the first list.
ANALYZE product_listing;
