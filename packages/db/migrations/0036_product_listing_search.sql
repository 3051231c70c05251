-- The listing gains what `search` reads (issue 21): ID, name and description lowercased, one per line,
-- under a trigram index; and btree indexes on the exact keys of the ID and Name sorts, so a search list
-- can read its first matches in order and stop (catalog/product-listing.ts).
ALTER TABLE "product_listing" ADD COLUMN "search_text" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "product_listing" ALTER COLUMN "search_text" DROP DEFAULT;--> statement-breakpoint
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
    ARRAY(SELECT DISTINCT f.xp_path || E'\x1f' || v.value FROM product_facets f
      CROSS JOIN LATERAL product_listing_values(p.xp, f.xp_path) v ORDER BY 1),
    ARRAY(SELECT DISTINCT f.xp_path || E'\x1f' || lower(v.value) FROM product_facets f
      CROSS JOIN LATERAL product_listing_values(p.xp, f.xp_path) v WHERE v.is_text ORDER BY 1),
    -- One line per searched property: a search term (never holding a line break) matches within one.
    lower(p.id) || chr(10) || lower(p.name) || chr(10) || lower(coalesce(p.description, ''))
  FROM products p
  WHERE p_products IS NULL OR p.id = ANY (p_products)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only products whose ID, name, description, active flag or xp changed (not stock or price updates).
  PERFORM refresh_product_listing(ARRAY(
    (SELECT id FROM (SELECT id, name, description, active, xp FROM new_rows EXCEPT SELECT id, name, description, active, xp FROM old_rows) n)
    UNION
    (SELECT id FROM (SELECT id, name, description, active, xp FROM old_rows EXCEPT SELECT id, name, description, active, xp FROM new_rows) o)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT refresh_product_listing(NULL);--> statement-breakpoint
CREATE INDEX "product_listing_search_trgm" ON "product_listing" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "product_listing_id_sort" ON "product_listing" USING btree ((lower("product_id") collate "C"),("product_id" collate "C"));--> statement-breakpoint
CREATE INDEX "product_listing_name_sort" ON "product_listing" USING btree ((lower("name") collate "C"),("name" collate "C"),("product_id" collate "C"));
--> statement-breakpoint
ANALYZE product_listing;
