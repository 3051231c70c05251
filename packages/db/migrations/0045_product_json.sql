CREATE TABLE "product_json" (
	"product_id" text PRIMARY KEY NOT NULL,
	"head" text NOT NULL,
	"tail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_json" ADD CONSTRAINT "product_json_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- JSON text with every non-ASCII character written as a \u escape (a pair of them beyond U+FFFF): the
-- same JSON to any reader. Kept JSON is written this way because the commerce service decodes a page's
-- UTF-8 text about ten times faster, and writes it out again about four times faster, when it is all ASCII
-- (~75 against ~7 µs for a 24-product page); the text grows by under 2 %. Outside strings JSON is ASCII,
-- so replacing each character wherever it occurs only touches strings.
CREATE OR REPLACE FUNCTION json_ascii(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  ch text;
  cp int;
  done text := t;
BEGIN
  FOR ch IN SELECT DISTINCT m[1] FROM regexp_matches(t, '([^\x01-\x7f])', 'g') AS m LOOP
    cp := ascii(ch);
    done := replace(done, ch, CASE WHEN cp <= 65535 THEN '\u' || lpad(to_hex(cp), 4, '0')
      ELSE '\u' || to_hex(55296 + ((cp - 65536) >> 10)) || '\u' || to_hex(56320 + ((cp - 65536) & 1023)) END);
  END LOOP;
  RETURN done;
END
$$;
--> statement-breakpoint
-- Each product's own part of the buyer's product JSON (all products when p_ids is NULL): `head` is the
-- Product resource's wire form (services/commerce/src/catalog/products.ts) up to Inventory, without the
-- closing brace; `tail` is `,"xp":…}`. The reading statement puts `,"PriceSchedule":…` between them
-- (services/commerce/src/me/buyer-product-json.ts); buyer-product-json.db.test.ts holds the result to
-- the resources' own JSON.
CREATE OR REPLACE FUNCTION product_json_rows(p_ids text[])
RETURNS TABLE (product_id text, head text, tail text) LANGUAGE sql STABLE AS $$
  SELECT p.id, json_ascii(left((SELECT row_to_json(w)::text FROM (SELECT
      p.owner_id AS "OwnerID", p.default_price_schedule_id AS "DefaultPriceScheduleID", p.id AS "ID",
      p.name AS "Name", p.description AS "Description", p.quantity_multiplier AS "QuantityMultiplier",
      p.ship_weight::float8 AS "ShipWeight", p.ship_height::float8 AS "ShipHeight",
      p.ship_width::float8 AS "ShipWidth", p.ship_length::float8 AS "ShipLength", p.active AS "Active",
      p.default_supplier_id AS "DefaultSupplierID", p.returnable AS "Returnable",
      p.auto_forward AS "AutoForward", p.all_suppliers_can_sell AS "AllSuppliersCanSell",
      p.ship_from_address_id AS "ShipFromAddressID",
      to_char(p.date_created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "DateCreated",
      NULL::text AS "ParentID", false AS "IsParent", false AS "IsBundle",
      (SELECT count(*)::int FROM spec_product_assignments s WHERE s.product_id = p.id) AS "SpecCount",
      (SELECT count(*)::int FROM variants v WHERE v.product_id = p.id) AS "VariantCount",
      (SELECT row_to_json(i) FROM (SELECT p.inventory_enabled AS "Enabled",
        p.inventory_notification_point AS "NotificationPoint",
        p.inventory_variant_level_tracking AS "VariantLevelTracking",
        p.inventory_order_can_exceed AS "OrderCanExceed", p.inventory_quantity_available AS "QuantityAvailable",
        to_char(p.inventory_last_updated AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "LastUpdated") i)
        AS "Inventory") w), -1)),
    ',"xp":' || json_ascii(coalesce(p.xp::text, 'null')) || '}'
  FROM products p
  WHERE p_ids IS NULL OR p.id = ANY (p_ids)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_product_json(p_ids text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- NULL means "all": the backfill and the end of a bulk load (which skips the per-statement refreshes).
  IF p_ids IS NOT NULL AND (cardinality(p_ids) = 0
    OR current_setting('catalogue.bulk_load', true) = 'on') THEN
    RETURN;
  END IF;
  DELETE FROM product_json j WHERE p_ids IS NULL OR j.product_id = ANY (p_ids);
  INSERT INTO product_json SELECT * FROM product_json_rows(p_ids);
END
$$;
--> statement-breakpoint
-- Inserted or updated products (a deleted one's row goes with it: ON DELETE CASCADE).
CREATE OR REPLACE FUNCTION product_json_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_json(ARRAY(SELECT DISTINCT id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The products whose spec assignments or variants were inserted or deleted (their SpecCount, VariantCount).
CREATE OR REPLACE FUNCTION product_json_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_json(ARRAY(SELECT DISTINCT product_id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update of spec assignments or variants changes a product's counts only where it moved rows from
-- one product to another: the products whose number of rows differs between before and after (an
-- inventory update of variants, the usual case, refreshes nothing).
CREATE OR REPLACE FUNCTION product_json_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_product_json(ARRAY(
    SELECT product_id FROM (SELECT product_id, count(*) AS n FROM before_rows GROUP BY product_id) b
      FULL JOIN (SELECT product_id, count(*) AS n FROM after_rows GROUP BY product_id) a USING (product_id)
    WHERE b.n IS DISTINCT FROM a.n));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_json_insert AFTER INSERT ON products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_json_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_json_update AFTER UPDATE ON products REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_json_products_changed();
--> statement-breakpoint
CREATE TRIGGER spec_product_assignments_json_insert AFTER INSERT ON spec_product_assignments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_json_counts_changed();
--> statement-breakpoint
CREATE TRIGGER spec_product_assignments_json_delete AFTER DELETE ON spec_product_assignments
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_json_counts_changed();
--> statement-breakpoint
CREATE TRIGGER spec_product_assignments_json_update AFTER UPDATE ON spec_product_assignments
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_json_counts_moved();
--> statement-breakpoint
CREATE TRIGGER variants_json_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_json_counts_changed();
--> statement-breakpoint
CREATE TRIGGER variants_json_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_json_counts_changed();
--> statement-breakpoint
CREATE TRIGGER variants_json_update AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_json_counts_moved();
--> statement-breakpoint
SELECT refresh_product_json(NULL);
--> statement-breakpoint
-- The price schedules' kept JSON (migration 0044) likewise all ASCII.
CREATE OR REPLACE FUNCTION price_schedule_json_rows(p_ids text[])
RETURNS TABLE (price_schedule_id text, wire text) LANGUAGE sql STABLE AS $$
  SELECT ps.id, json_ascii((SELECT row_to_json(w)::text FROM (SELECT
      ps.owner_id AS "OwnerID", ps.id AS "ID", ps.name AS "Name", ps.apply_tax AS "ApplyTax",
      ps.apply_shipping AS "ApplyShipping", ps.min_quantity AS "MinQuantity", ps.max_quantity AS "MaxQuantity",
      ps.use_cumulative_quantity AS "UseCumulativeQuantity", ps.restricted_quantity AS "RestrictedQuantity",
      ps.currency AS "Currency", to_char(ps.sale_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "SaleStart",
      to_char(ps.sale_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "SaleEnd", ps.xp AS "xp",
      (SELECT coalesce(json_agg(r ORDER BY r."Quantity"), '[]'::json) FROM (SELECT b.quantity AS "Quantity",
          b.price::float8 AS "Price", b.sale_price::float8 AS "SalePrice"
        FROM price_breaks b WHERE b.price_schedule_id = ps.id) r) AS "PriceBreaks") w))
  FROM price_schedules ps
  WHERE p_ids IS NULL OR ps.id = ANY (p_ids)
$$;
--> statement-breakpoint
SELECT refresh_price_schedule_json(NULL);
