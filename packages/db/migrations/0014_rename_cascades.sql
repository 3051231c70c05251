ALTER TABLE "bundle_assignments" DROP CONSTRAINT "bundle_assignments_bundle_id_bundles_id_fk";
--> statement-breakpoint
ALTER TABLE "bundle_product_assignments" DROP CONSTRAINT "bundle_product_assignments_bundle_id_bundles_id_fk";
--> statement-breakpoint
ALTER TABLE "bundle_product_assignments" DROP CONSTRAINT "bundle_product_assignments_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_bundle_assignments" DROP CONSTRAINT "catalog_bundle_assignments_catalog_id_catalogs_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_bundle_assignments" DROP CONSTRAINT "catalog_bundle_assignments_bundle_id_bundles_id_fk";
--> statement-breakpoint
ALTER TABLE "category_bundle_assignments" DROP CONSTRAINT "category_bundle_assignments_bundle_id_bundles_id_fk";
--> statement-breakpoint
ALTER TABLE "category_bundle_assignments" DROP CONSTRAINT "category_bundle_assignments_category_fk";
--> statement-breakpoint
ALTER TABLE "catalog_assignments" DROP CONSTRAINT "catalog_assignments_catalog_id_catalogs_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_product_assignments" DROP CONSTRAINT "catalog_product_assignments_catalog_id_catalogs_id_fk";
--> statement-breakpoint
ALTER TABLE "catalog_product_assignments" DROP CONSTRAINT "catalog_product_assignments_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_catalog_id_catalogs_id_fk";
--> statement-breakpoint
ALTER TABLE "category_assignments" DROP CONSTRAINT "category_assignments_catalog_id_category_id_categories_catalog_id_id_fk";
--> statement-breakpoint
ALTER TABLE "category_product_assignments" DROP CONSTRAINT "category_product_assignments_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "category_product_assignments" DROP CONSTRAINT "category_product_assignments_catalog_id_category_id_categories_catalog_id_id_fk";
--> statement-breakpoint
ALTER TABLE "price_breaks" DROP CONSTRAINT "price_breaks_price_schedule_id_price_schedules_id_fk";
--> statement-breakpoint
ALTER TABLE "product_assignments" DROP CONSTRAINT "product_assignments_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "product_assignments" DROP CONSTRAINT "product_assignments_price_schedule_id_price_schedules_id_fk";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_default_price_schedule_id_price_schedules_id_fk";
--> statement-breakpoint
ALTER TABLE "product_collection_entries" DROP CONSTRAINT "product_collection_entries_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "product_collection_entries" DROP CONSTRAINT "product_collection_entries_collection_fk";
--> statement-breakpoint
ALTER TABLE "product_collection_invitations" DROP CONSTRAINT "product_collection_invitations_collection_fk";
--> statement-breakpoint
ALTER TABLE "inventory_record_assignments" DROP CONSTRAINT "inventory_record_assignments_record_fk";
--> statement-breakpoint
ALTER TABLE "inventory_records" DROP CONSTRAINT "inventory_records_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "variants_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "promotion_assignments" DROP CONSTRAINT "promotion_assignments_promotion_id_promotions_id_fk";
--> statement-breakpoint
ALTER TABLE "spec_options" DROP CONSTRAINT "spec_options_spec_id_specs_id_fk";
--> statement-breakpoint
ALTER TABLE "spec_product_assignments" DROP CONSTRAINT "spec_product_assignments_spec_id_specs_id_fk";
--> statement-breakpoint
ALTER TABLE "spec_product_assignments" DROP CONSTRAINT "spec_product_assignments_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "product_suppliers" DROP CONSTRAINT "product_suppliers_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "product_suppliers" DROP CONSTRAINT "product_suppliers_supplier_id_suppliers_id_fk";
--> statement-breakpoint
ALTER TABLE "product_suppliers" DROP CONSTRAINT "product_suppliers_default_price_schedule_id_price_schedules_id_fk";
--> statement-breakpoint
ALTER TABLE "supplier_buyers" DROP CONSTRAINT "supplier_buyers_supplier_id_suppliers_id_fk";
--> statement-breakpoint
ALTER TABLE "bundle_assignments" ADD CONSTRAINT "bundle_assignments_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bundle_product_assignments" ADD CONSTRAINT "bundle_product_assignments_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "bundle_product_assignments" ADD CONSTRAINT "bundle_product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "catalog_bundle_assignments" ADD CONSTRAINT "catalog_bundle_assignments_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "catalog_bundle_assignments" ADD CONSTRAINT "catalog_bundle_assignments_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "category_bundle_assignments" ADD CONSTRAINT "category_bundle_assignments_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "category_bundle_assignments" ADD CONSTRAINT "category_bundle_assignments_category_fk" FOREIGN KEY ("catalog_id","category_id") REFERENCES "public"."categories"("catalog_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "catalog_assignments" ADD CONSTRAINT "catalog_assignments_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "catalog_product_assignments" ADD CONSTRAINT "catalog_product_assignments_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "catalog_product_assignments" ADD CONSTRAINT "catalog_product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "category_assignments" ADD CONSTRAINT "category_assignments_catalog_id_category_id_categories_catalog_id_id_fk" FOREIGN KEY ("catalog_id","category_id") REFERENCES "public"."categories"("catalog_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "category_product_assignments" ADD CONSTRAINT "category_product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "category_product_assignments" ADD CONSTRAINT "category_product_assignments_catalog_id_category_id_categories_catalog_id_id_fk" FOREIGN KEY ("catalog_id","category_id") REFERENCES "public"."categories"("catalog_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "price_breaks" ADD CONSTRAINT "price_breaks_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_assignments" ADD CONSTRAINT "product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_assignments" ADD CONSTRAINT "product_assignments_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_default_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("default_price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_collection_entries" ADD CONSTRAINT "product_collection_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_collection_entries" ADD CONSTRAINT "product_collection_entries_collection_fk" FOREIGN KEY ("buyer_id","collection_id") REFERENCES "public"."product_collections"("buyer_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_collection_invitations" ADD CONSTRAINT "product_collection_invitations_collection_fk" FOREIGN KEY ("buyer_id","collection_id") REFERENCES "public"."product_collections"("buyer_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inventory_record_assignments" ADD CONSTRAINT "inventory_record_assignments_record_fk" FOREIGN KEY ("product_id","variant_id","inventory_record_id") REFERENCES "public"."inventory_records"("product_id","variant_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inventory_records" ADD CONSTRAINT "inventory_records_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "promotion_assignments" ADD CONSTRAINT "promotion_assignments_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "spec_options" ADD CONSTRAINT "spec_options_spec_id_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."specs"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "spec_product_assignments" ADD CONSTRAINT "spec_product_assignments_spec_id_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."specs"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "spec_product_assignments" ADD CONSTRAINT "spec_product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_suppliers" ADD CONSTRAINT "product_suppliers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_suppliers" ADD CONSTRAINT "product_suppliers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_suppliers" ADD CONSTRAINT "product_suppliers_default_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("default_price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "supplier_buyers" ADD CONSTRAINT "supplier_buyers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "spec_product_assignments_product_idx" ON "spec_product_assignments" USING btree ("product_id");