CREATE TABLE "price_schedule_json" (
	"price_schedule_id" text PRIMARY KEY NOT NULL,
	"wire" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_schedule_json" ADD CONSTRAINT "price_schedule_json_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- The JSON of price schedules (all of them when p_ids is NULL) as the buyer's product shows its
-- PriceSchedule, but for IsOnSale, which the reading statement appends: the resource's wire form
-- (services/commerce/src/catalog/price-schedules.ts), held to it by buyer-product-json.db.test.ts.
CREATE OR REPLACE FUNCTION price_schedule_json_rows(p_ids text[])
RETURNS TABLE (price_schedule_id text, wire text) LANGUAGE sql STABLE AS $$
  SELECT ps.id, (SELECT row_to_json(w)::text FROM (SELECT
      ps.owner_id AS "OwnerID", ps.id AS "ID", ps.name AS "Name", ps.apply_tax AS "ApplyTax",
      ps.apply_shipping AS "ApplyShipping", ps.min_quantity AS "MinQuantity", ps.max_quantity AS "MaxQuantity",
      ps.use_cumulative_quantity AS "UseCumulativeQuantity", ps.restricted_quantity AS "RestrictedQuantity",
      ps.currency AS "Currency", to_char(ps.sale_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "SaleStart",
      to_char(ps.sale_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "SaleEnd", ps.xp AS "xp",
      (SELECT coalesce(json_agg(r ORDER BY r."Quantity"), '[]'::json) FROM (SELECT b.quantity AS "Quantity",
          b.price::float8 AS "Price", b.sale_price::float8 AS "SalePrice"
        FROM price_breaks b WHERE b.price_schedule_id = ps.id) r) AS "PriceBreaks") w)
  FROM price_schedules ps
  WHERE p_ids IS NULL OR ps.id = ANY (p_ids)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_price_schedule_json(p_ids text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- NULL means "all": the backfill and the end of a bulk load (which skips the per-statement refreshes).
  IF p_ids IS NOT NULL AND (cardinality(p_ids) = 0
    OR current_setting('catalogue.bulk_load', true) = 'on') THEN
    RETURN;
  END IF;
  DELETE FROM price_schedule_json j WHERE p_ids IS NULL OR j.price_schedule_id = ANY (p_ids);
  INSERT INTO price_schedule_json SELECT * FROM price_schedule_json_rows(p_ids);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION price_schedule_json_schedules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Inserted or updated schedules (a deleted one's row goes with it: ON DELETE CASCADE).
  PERFORM refresh_price_schedule_json(ARRAY(SELECT DISTINCT id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION price_schedule_json_breaks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_price_schedule_json(ARRAY(SELECT DISTINCT price_schedule_id FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER price_schedules_json_insert AFTER INSERT ON price_schedules REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION price_schedule_json_schedules_changed();
--> statement-breakpoint
CREATE TRIGGER price_schedules_json_update AFTER UPDATE ON price_schedules REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION price_schedule_json_schedules_changed();
--> statement-breakpoint
-- A break's insert, delete or update (its schedule's ID included: both the old and the new schedule).
CREATE TRIGGER price_breaks_json_insert AFTER INSERT ON price_breaks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION price_schedule_json_breaks_changed();
--> statement-breakpoint
CREATE TRIGGER price_breaks_json_delete AFTER DELETE ON price_breaks REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION price_schedule_json_breaks_changed();
--> statement-breakpoint
CREATE TRIGGER price_breaks_json_update_old AFTER UPDATE ON price_breaks REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION price_schedule_json_breaks_changed();
--> statement-breakpoint
CREATE TRIGGER price_breaks_json_update_new AFTER UPDATE ON price_breaks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION price_schedule_json_breaks_changed();
--> statement-breakpoint
SELECT refresh_price_schedule_json(NULL);
