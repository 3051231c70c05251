CREATE TABLE "listing_facet_counts" (
	"catalog_id" text NOT NULL,
	"category_key" integer NOT NULL,
	"token" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "listing_facet_counts_catalog_id_category_key_token_pk" PRIMARY KEY("catalog_id","category_key","token")
);
--> statement-breakpoint
CREATE INDEX "listing_facet_counts_empty" ON "listing_facet_counts" USING btree ("catalog_id") WHERE "listing_facet_counts"."n" = 0;--> statement-breakpoint
-- listing_facet_counts (schema/catalog.ts says what a row holds) is derived from product_listing:
-- `listing_facet_count_rows` is its definition, which the full rebuild inserts and the database tests
-- compare the table with after random writes.
CREATE OR REPLACE FUNCTION listing_facet_count_rows()
RETURNS TABLE (catalog_id text, category_key integer, token text, n integer) LANGUAGE sql STABLE AS $$
  SELECT c.catalog_id, k.category_key, t.token, count(*)::int
  FROM product_listing l
  CROSS JOIN LATERAL unnest(l.catalogs) AS c (catalog_id)
  CROSS JOIN LATERAL unnest(l.within || 0) AS k (category_key)
  CROSS JOIN LATERAL unnest(l.facets || ''::text) AS t (token)
  WHERE l.active
  GROUP BY 1, 2, 3
$$;
--> statement-breakpoint
-- Follows every statement that writes product_listing: the rows it removed count -1, those it wrote +1,
-- summed per (catalog, category, token) before they touch the table, in key order (two writers lock the
-- rows they share in the same order). During a full rebuild of the listing the counts are rebuilt once
-- at its end instead (`catalogue.listing_rebuild`).
CREATE OR REPLACE FUNCTION listing_facet_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT catalogs, within, facets, 1 FROM new_rows WHERE active'
    WHEN 'DELETE' THEN 'SELECT catalogs, within, facets, -1 FROM old_rows WHERE active'
    ELSE 'SELECT catalogs, within, facets, -1 FROM old_rows WHERE active
      UNION ALL SELECT catalogs, within, facets, 1 FROM new_rows WHERE active' END;
BEGIN
  IF current_setting('catalogue.listing_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    INSERT INTO listing_facet_counts AS f (catalog_id, category_key, token, n)
    SELECT c.catalog_id, k.category_key, t.token, sum(r.delta)::int
    FROM (%s) AS r (catalogs, within, facets, delta)
    CROSS JOIN LATERAL unnest(r.catalogs) AS c (catalog_id)
    CROSS JOIN LATERAL unnest(r.within || 0) AS k (category_key)
    CROSS JOIN LATERAL unnest(r.facets || ''::text) AS t (token)
    GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (catalog_id, category_key, token) DO UPDATE SET n = f.n + excluded.n$q$, changed);
  DELETE FROM listing_facet_counts WHERE n = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_listing_counts_insert AFTER INSERT ON product_listing REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_facet_counts_follow();--> statement-breakpoint
CREATE TRIGGER product_listing_counts_delete AFTER DELETE ON product_listing REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_facet_counts_follow();--> statement-breakpoint
CREATE TRIGGER product_listing_counts_update AFTER UPDATE ON product_listing
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_facet_counts_follow();--> statement-breakpoint
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
  END IF;
END
$$;
--> statement-breakpoint
INSERT INTO listing_facet_counts SELECT * FROM listing_facet_count_rows();--> statement-breakpoint
ANALYZE listing_facet_counts;
