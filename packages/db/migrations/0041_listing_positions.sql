CREATE TABLE "listing_positions" (
	"catalog_id" text NOT NULL,
	"category_key" integer NOT NULL,
	"product_id" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "listing_positions_id_order" ON "listing_positions" USING btree ("catalog_id","category_key",(lower("product_id") collate "C"),("product_id" collate "C"));--> statement-breakpoint
-- listing_positions (schema/catalog.ts says what a row holds) is derived from product_listing:
-- `listing_position_rows` is its definition, which the full rebuild inserts and the database tests compare
-- the table with after random writes. A product's `within` holds the keys of its categories in every
-- catalog; only those of the catalog at hand make a position (key 0, the whole catalog, always).
CREATE OR REPLACE FUNCTION listing_position_rows()
RETURNS TABLE (catalog_id text, category_key integer, product_id text) LANGUAGE sql STABLE AS $$
  SELECT c.catalog_id, k.category_key, l.product_id
  FROM product_listing l
  CROSS JOIN LATERAL unnest(l.catalogs) AS c (catalog_id)
  CROSS JOIN LATERAL unnest(l.within || 0) AS k (category_key)
  WHERE l.active AND (k.category_key = 0 OR EXISTS (SELECT 1 FROM categories kk
    WHERE kk.listing_key = k.category_key AND kk.catalog_id = c.catalog_id))
$$;
--> statement-breakpoint
-- The trigger of migration 0039, now also for the positions: a product's positions are rewritten when
-- its ID, active flag, catalogs or categories changed (a facet value change leaves them alone). The old
-- positions are deleted by every pair the old row names (a category deleted in the same statement is
-- gone from `categories` by now), through the positions' one index.
CREATE OR REPLACE FUNCTION listing_facet_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  none text := 'SELECT NULL::text, NULL::boolean, NULL::text[], NULL::integer[], NULL::text[] WHERE false';
  olds text := CASE WHEN TG_OP = 'INSERT' THEN none
    ELSE 'SELECT product_id, active, catalogs, within, facets FROM old_rows' END;
  news text := CASE WHEN TG_OP = 'DELETE' THEN none
    ELSE 'SELECT product_id, active, catalogs, within, facets FROM new_rows' END;
BEGIN
  IF current_setting('catalogue.listing_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    INSERT INTO listing_facet_counts AS f (catalog_id, category_key, token, n)
    SELECT c.catalog_id, k.category_key, t.token, sum(r.delta)::int
    FROM (SELECT catalogs, within, facets, -1 FROM (%1$s) o (product_id, active, catalogs, within, facets) WHERE active
      UNION ALL
      SELECT catalogs, within, facets, 1 FROM (%2$s) n (product_id, active, catalogs, within, facets) WHERE active)
      AS r (catalogs, within, facets, delta)
    CROSS JOIN LATERAL unnest(r.catalogs) AS c (catalog_id)
    CROSS JOIN LATERAL unnest(r.within || 0) AS k (category_key)
    CROSS JOIN LATERAL unnest(r.facets || ''::text) AS t (token)
    GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (catalog_id, category_key, token) DO UPDATE SET n = f.n + excluded.n$q$, olds, news);
  DELETE FROM listing_facet_counts WHERE n = 0;
  EXECUTE format($q$
    DELETE FROM listing_positions p
    USING (SELECT product_id, active, catalogs, within FROM (%1$s) o (product_id, active, catalogs, within, facets)
        EXCEPT SELECT product_id, active, catalogs, within FROM (%2$s) n (product_id, active, catalogs, within, facets)) o
      CROSS JOIN LATERAL unnest(o.catalogs) AS c (catalog_id)
      CROSS JOIN LATERAL unnest(o.within || 0) AS k (category_key)
    WHERE p.catalog_id = c.catalog_id AND p.category_key = k.category_key
      AND (lower(p.product_id) COLLATE "C") = (lower(o.product_id) COLLATE "C")
      AND (p.product_id COLLATE "C") = (o.product_id COLLATE "C")$q$, olds, news);
  EXECUTE format($q$
    INSERT INTO listing_positions (catalog_id, category_key, product_id)
    SELECT c.catalog_id, k.category_key, n.product_id
    FROM (SELECT product_id, active, catalogs, within FROM (%2$s) n (product_id, active, catalogs, within, facets)
      EXCEPT SELECT product_id, active, catalogs, within FROM (%1$s) o (product_id, active, catalogs, within, facets)) n
    CROSS JOIN LATERAL unnest(n.catalogs) AS c (catalog_id)
    CROSS JOIN LATERAL unnest(n.within || 0) AS k (category_key)
    WHERE n.active AND (k.category_key = 0 OR EXISTS (SELECT 1 FROM categories kk
      WHERE kk.listing_key = k.category_key AND kk.catalog_id = c.catalog_id))
    ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING$q$, olds, news);
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
INSERT INTO listing_positions SELECT * FROM listing_position_rows();--> statement-breakpoint
ANALYZE listing_positions;
