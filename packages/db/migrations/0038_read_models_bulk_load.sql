-- A bulk load (the dataset loader, one transaction) sets `catalogue.bulk_load` for its transaction: the
-- read models' triggers then skip their per-statement refreshes, and the loader rebuilds both read models
-- once at the end (NULL arguments: everything). At 100,000 SKUs the per-batch refreshes rewrote each
-- product's rows several times over.
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
$$;--> statement-breakpoint
ALTER FUNCTION refresh_product_listing(text[]) RENAME TO refresh_product_listing_now;--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_product_listing(p_products text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.bulk_load', true) = 'on' AND p_products IS NOT NULL THEN
    RETURN;
  END IF;
  PERFORM refresh_product_listing_now(p_products);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.bulk_load', true) IS DISTINCT FROM 'on' THEN
    PERFORM refresh_product_listing_facets();
  END IF;
  RETURN NULL;
END
$$;
