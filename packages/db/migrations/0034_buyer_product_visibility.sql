CREATE TABLE "buyer_product_visibility" (
	"buyer_id" text NOT NULL,
	"user_group_id" text NOT NULL,
	"catalog_id" text NOT NULL,
	"product_id" text NOT NULL,
	"category_id" text NOT NULL,
	"lvl" integer NOT NULL,
	"granted" boolean NOT NULL,
	CONSTRAINT "buyer_product_visibility_buyer_id_catalog_id_product_id_category_id_user_group_id_pk" PRIMARY KEY("buyer_id","catalog_id","product_id","category_id","user_group_id")
);
--> statement-breakpoint
CREATE INDEX "buyer_product_visibility_product_idx" ON "buyer_product_visibility" USING btree ("buyer_id","product_id");--> statement-breakpoint
-- buyer_product_visibility (schema/catalog.ts says what a row means) is derived from the seven tables
-- below and rewritten by their statement-level triggers, in the writing transaction, for the catalogs,
-- buyers and products the statement touched. The rules are OrderCloud's, as catalog/visibility.ts states
-- them; its database tests compare this table with the recursive definition it replaces.
CREATE OR REPLACE FUNCTION refresh_buyer_product_visibility(p_catalogs text[], p_buyers text[], p_products text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- NULL means "all": the backfill passes three NULLs.
  DELETE FROM buyer_product_visibility v
  WHERE (p_catalogs IS NULL OR v.catalog_id = ANY (p_catalogs))
    AND (p_buyers IS NULL OR v.buyer_id = ANY (p_buyers))
    AND (p_products IS NULL OR v.product_id = ANY (p_products));
  INSERT INTO buyer_product_visibility (buyer_id, user_group_id, catalog_id, product_id, category_id, lvl, granted)
  WITH RECURSIVE ca AS (
    -- Active catalogs assigned to a company: nothing else is ever visible.
    SELECT a.catalog_id, a.buyer_id, a.view_all_products FROM catalog_assignments a
    JOIN catalogs c ON c.id = a.catalog_id AND c.active
    WHERE (p_catalogs IS NULL OR a.catalog_id = ANY (p_catalogs))
      AND (p_buyers IS NULL OR a.buyer_id = ANY (p_buyers))
  ),
  held AS (
    SELECT cpa.catalog_id, cpa.product_id FROM catalog_product_assignments cpa
    WHERE cpa.catalog_id IN (SELECT catalog_id FROM ca)
      AND (p_products IS NULL OR cpa.product_id = ANY (p_products))
  ),
  start AS (
    -- Active categories holding those products, where the walk up the tree begins.
    SELECT DISTINCT cp.catalog_id, cp.category_id FROM category_product_assignments cp
    JOIN categories k ON k.catalog_id = cp.catalog_id AND k.id = cp.category_id AND k.active
    WHERE cp.catalog_id IN (SELECT catalog_id FROM ca WHERE NOT ca.view_all_products)
      AND (p_products IS NULL OR cp.product_id = ANY (p_products))
  ),
  up (catalog_id, start_id, id, parent_id, lvl) AS (
    SELECT s.catalog_id, s.category_id, k.id, k.parent_id, 0 FROM start s
    JOIN categories k ON k.catalog_id = s.catalog_id AND k.id = s.category_id
    UNION ALL
    -- The bound only stops a cycle a broken write might leave; real trees are a few levels deep.
    SELECT up.catalog_id, up.start_id, c2.id, c2.parent_id, up.lvl + 1 FROM up
    JOIN categories c2 ON c2.catalog_id = up.catalog_id AND c2.id = up.parent_id
    WHERE up.lvl < 1000
  ),
  nearest AS (
    -- Per subject and starting category: the nearest assignment that sets ViewAllProducts.
    SELECT DISTINCT ON (a.buyer_id, a.user_group_id, up.catalog_id, up.start_id)
      a.buyer_id, a.user_group_id, up.catalog_id, up.start_id AS category_id, up.lvl, a.view_all_products AS granted
    FROM up
    JOIN category_assignments a ON a.catalog_id = up.catalog_id AND a.category_id = up.id
      AND a.view_all_products IS NOT NULL
    JOIN ca ON ca.catalog_id = a.catalog_id AND ca.buyer_id = a.buyer_id AND NOT ca.view_all_products
    ORDER BY a.buyer_id, a.user_group_id, up.catalog_id, up.start_id, up.lvl
  )
  SELECT ca.buyer_id, '', h.catalog_id, h.product_id, '', -1, true
  FROM ca JOIN held h ON h.catalog_id = ca.catalog_id WHERE ca.view_all_products
  UNION
  SELECT ca.buyer_id, pa.user_group_id, h.catalog_id, h.product_id, '', -1, true
  FROM ca JOIN held h ON h.catalog_id = ca.catalog_id
  JOIN product_assignments pa ON pa.product_id = h.product_id AND pa.buyer_id = ca.buyer_id
  WHERE NOT ca.view_all_products
  UNION ALL
  SELECT n.buyer_id, n.user_group_id, n.catalog_id, cp.product_id, n.category_id, n.lvl, n.granted
  FROM nearest n
  JOIN category_product_assignments cp ON cp.catalog_id = n.catalog_id AND cp.category_id = n.category_id
  JOIN held h ON h.catalog_id = cp.catalog_id AND h.product_id = cp.product_id;
END
$$;
--> statement-breakpoint
-- One function per source table, reading the statement's transition table `changed` (the rows before or
-- after it; an UPDATE fires twice, once with each, so moved keys refresh both places).
CREATE OR REPLACE FUNCTION bpv_catalogs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_buyer_product_visibility(ARRAY(SELECT DISTINCT id FROM changed), NULL, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bpv_catalog_buyer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- catalog_assignments, category_assignments: that company in that catalog.
  PERFORM refresh_buyer_product_visibility(
    ARRAY(SELECT DISTINCT catalog_id FROM changed), ARRAY(SELECT DISTINCT buyer_id FROM changed), NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bpv_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A category's parent or active flag can change what its whole subtree shows: the catalog again.
  PERFORM refresh_buyer_product_visibility(ARRAY(SELECT DISTINCT catalog_id FROM changed), NULL, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bpv_catalog_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- catalog_product_assignments, category_product_assignments: those products in that catalog.
  PERFORM refresh_buyer_product_visibility(
    ARRAY(SELECT DISTINCT catalog_id FROM changed), NULL, ARRAY(SELECT DISTINCT product_id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bpv_product_assignments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_buyer_product_visibility(
    NULL, ARRAY(SELECT DISTINCT buyer_id FROM changed), ARRAY(SELECT DISTINCT product_id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('catalogs', 'bpv_catalogs_changed'),
    ('catalog_assignments', 'bpv_catalog_buyer_changed'),
    ('category_assignments', 'bpv_catalog_buyer_changed'),
    ('categories', 'bpv_categories_changed'),
    ('catalog_product_assignments', 'bpv_catalog_product_changed'),
    ('category_product_assignments', 'bpv_catalog_product_changed'),
    ('product_assignments', 'bpv_product_assignments_changed')) AS v (tbl, fn)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_bpv_insert', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_bpv_delete', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_bpv_update_old', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_bpv_update_new', t.tbl, t.fn);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT refresh_buyer_product_visibility(NULL, NULL, NULL);
