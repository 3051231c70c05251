CREATE TABLE "listing_positions" (
	"product_id" text NOT NULL,
	"catalog_id" text NOT NULL,
	"category_key" integer NOT NULL,
	CONSTRAINT "listing_positions_product_id_catalog_id_category_key_pk" PRIMARY KEY("product_id","catalog_id","category_key")
);
--> statement-breakpoint
CREATE INDEX "listing_positions_id_order" ON "listing_positions" USING btree ("catalog_id","category_key",(lower("product_id") collate "C"),("product_id" collate "C"));--> statement-breakpoint
-- listing_positions (schema/catalog.ts says what a row holds) is derived from product_listing;
-- `listing_position_rows` is its definition, which the full rebuild inserts and the database tests compare
-- the table with after random writes.
CREATE OR REPLACE FUNCTION listing_position_rows()
RETURNS TABLE (product_id text, catalog_id text, category_key integer) LANGUAGE sql STABLE AS $$
  SELECT l.product_id, c.catalog_id, k.category_key
  FROM product_listing l
  CROSS JOIN LATERAL unnest(l.catalogs) AS c (catalog_id)
  CROSS JOIN LATERAL unnest(l.within || 0) AS k (category_key)
  WHERE l.active
$$;
--> statement-breakpoint
-- The trigger of migration 0039, now also for the positions: a product's positions are rewritten when
-- its ID, active flag, catalogs or categories changed (a facet value change leaves them alone).
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
    WHERE p.product_id = o.product_id$q$, olds, news);
  EXECUTE format($q$
    INSERT INTO listing_positions (product_id, catalog_id, category_key)
    SELECT n.product_id, c.catalog_id, k.category_key
    FROM (SELECT product_id, active, catalogs, within FROM (%2$s) n (product_id, active, catalogs, within, facets)
      EXCEPT SELECT product_id, active, catalogs, within FROM (%1$s) o (product_id, active, catalogs, within, facets)) n
    CROSS JOIN LATERAL unnest(n.catalogs) AS c (catalog_id)
    CROSS JOIN LATERAL unnest(n.within || 0) AS k (category_key)
    WHERE n.active
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
