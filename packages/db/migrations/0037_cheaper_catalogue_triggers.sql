-- Catalogue writes that change nothing the read models hold no longer rewrite them (issue 21). At 100,000
-- SKUs a category rename rewrote its catalog's buyer visibility (14 s) and a product facet edit rewrote
-- the whole listing (60 s), past the statement timeout.
--
-- Buyer visibility depends on a category's catalog, ID, parent and active flag only: an UPDATE compares
-- its before and after rows and refreshes the catalogs where one of those changed.
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
-- The listing depends on the facets' paths only (not their names, order or minimum counts): a facet
-- write rewrites the facet columns, and only where they change, when the set of paths changed.
-- The facet columns of one product, apart, so that a facet write can rewrite them alone.
CREATE OR REPLACE FUNCTION product_listing_facets(p_xp jsonb) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT DISTINCT f.xp_path || E'\x1f' || v.value FROM product_facets f
    CROSS JOIN LATERAL product_listing_values(p_xp, f.xp_path) v ORDER BY 1)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_filter_tokens(p_xp jsonb) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT DISTINCT f.xp_path || E'\x1f' || lower(v.value) FROM product_facets f
    CROSS JOIN LATERAL product_listing_values(p_xp, f.xp_path) v WHERE v.is_text ORDER BY 1)
$$;--> statement-breakpoint
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
CREATE OR REPLACE FUNCTION refresh_product_listing_facets() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_listing l SET facets = x.facets, filter_tokens = x.filter_tokens
  FROM (SELECT p.id, product_listing_facets(p.xp) AS facets, product_listing_filter_tokens(p.xp) AS filter_tokens
    FROM products p) x
  WHERE x.id = l.product_id AND (l.facets <> x.facets OR l.filter_tokens <> x.filter_tokens);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_listing_facets();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_facets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT xp_path FROM old_rows EXCEPT SELECT xp_path FROM new_rows)
    OR EXISTS (SELECT xp_path FROM new_rows EXCEPT SELECT xp_path FROM old_rows) THEN
    PERFORM refresh_product_listing_facets();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS product_facets_listing_update_old ON product_facets;--> statement-breakpoint
DROP TRIGGER IF EXISTS product_facets_listing_update_new ON product_facets;--> statement-breakpoint
CREATE TRIGGER product_facets_listing_update AFTER UPDATE ON product_facets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_facets_updated();
