-- The catalogue read cache (services/commerce/src/catalog/catalogue-cache.ts) keys what it keeps by
-- cache_generations('catalogue'). Every transaction that changes a table below moves it on once, at commit
-- (deferred constraint triggers), so the new generation and the new rows become visible together.
INSERT INTO cache_generations (name, generation) VALUES ('catalogue', 1) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_cache_generation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marker text := 'cache_generation.bumped_' || TG_ARGV[0];
BEGIN
  -- Once per transaction: set_config(..., true) lasts until the transaction ends.
  IF current_setting(marker, true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config(marker, txid_current()::text, true);
    UPDATE cache_generations SET generation = generation + 1 WHERE name = TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER addresses_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON addresses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER buyers_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON buyers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogs_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON catalogs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_assignments_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON catalog_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER category_assignments_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON category_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_product_assignments_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON catalog_product_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER category_product_assignments_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON category_product_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_assignments_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON product_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER price_schedules_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON price_schedules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER price_breaks_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON price_breaks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER specs_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON specs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER spec_options_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON spec_options
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER spec_product_assignments_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON spec_product_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_facets_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON product_facets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_group_assignments_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON user_group_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variants_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_records_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON inventory_records
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_record_assignments_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON inventory_record_assignments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER suppliers_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON suppliers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER supplier_buyers_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON supplier_buyers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_suppliers_catalogue_generation AFTER INSERT OR UPDATE OR DELETE ON product_suppliers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_cache_generation('catalogue');
