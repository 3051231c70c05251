CREATE TABLE "bundle_assignments" (
	"bundle_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "bundle_assignments_bundle_id_buyer_id_user_group_id_pk" PRIMARY KEY("bundle_id","buyer_id","user_group_id")
);
--> statement-breakpoint
CREATE TABLE "bundle_product_assignments" (
	"bundle_id" text NOT NULL,
	"product_id" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"default_quantity" integer,
	CONSTRAINT "bundle_product_assignments_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT false NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_bundle_assignments" (
	"catalog_id" text NOT NULL,
	"bundle_id" text NOT NULL,
	CONSTRAINT "catalog_bundle_assignments_catalog_id_bundle_id_pk" PRIMARY KEY("catalog_id","bundle_id")
);
--> statement-breakpoint
CREATE TABLE "category_bundle_assignments" (
	"catalog_id" text NOT NULL,
	"category_id" text NOT NULL,
	"bundle_id" text NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_bundle_assignments_catalog_id_category_id_bundle_id_pk" PRIMARY KEY("catalog_id","category_id","bundle_id")
);
--> statement-breakpoint
CREATE TABLE "product_collection_entries" (
	"buyer_id" text NOT NULL,
	"collection_id" text NOT NULL,
	"product_id" text NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_collection_entries_buyer_id_collection_id_product_id_pk" PRIMARY KEY("buyer_id","collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_collection_invitations" (
	"key" bigserial PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"collection_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text,
	"admin" boolean DEFAULT false NOT NULL,
	"accepted_by_user_id" text,
	"expiration_date" timestamp with time zone,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "product_collection_invitations_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "product_collections" (
	"buyer_id" text NOT NULL,
	"id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"name" text NOT NULL,
	"access_level" text DEFAULT 'Private' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "product_collections_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
CREATE TABLE "inventory_record_assignments" (
	"product_id" text NOT NULL,
	"variant_id" text DEFAULT '' NOT NULL,
	"inventory_record_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "inventory_record_assignments_product_id_variant_id_inventory_record_id_buyer_id_user_group_id_pk" PRIMARY KEY("product_id","variant_id","inventory_record_id","buyer_id","user_group_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_records" (
	"product_id" text NOT NULL,
	"variant_id" text DEFAULT '' NOT NULL,
	"id" text NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"allow_all_buyers" boolean DEFAULT true NOT NULL,
	"address_id" text NOT NULL,
	"order_can_exceed" boolean DEFAULT false NOT NULL,
	"quantity_available" integer DEFAULT 0 NOT NULL,
	"notification_point" integer,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "inventory_records_product_id_variant_id_id_pk" PRIMARY KEY("product_id","variant_id","id")
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"product_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT false NOT NULL,
	"ship_weight" numeric(12, 3),
	"ship_height" numeric(12, 3),
	"ship_width" numeric(12, 3),
	"ship_length" numeric(12, 3),
	"inventory_quantity_available" integer,
	"inventory_notification_point" integer,
	"inventory_last_updated" timestamp with time zone,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"combination" text NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "variants_product_id_id_pk" PRIMARY KEY("product_id","id")
);
--> statement-breakpoint
CREATE TABLE "promotion_assignments" (
	"promotion_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "promotion_assignments_promotion_id_buyer_id_user_group_id_pk" PRIMARY KEY("promotion_id","buyer_id","user_group_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"fine_print" text,
	"line_item_level" boolean DEFAULT false NOT NULL,
	"redemption_limit" integer,
	"redemption_limit_per_user" integer,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"quantity_limit_per_order" integer,
	"item_limit_per_order" integer,
	"item_sort_by" text,
	"start_date" timestamp with time zone,
	"expiration_date" timestamp with time zone,
	"eligible_expression" text DEFAULT 'true' NOT NULL,
	"value_expression" text NOT NULL,
	"can_combine" boolean DEFAULT false NOT NULL,
	"allow_all_buyers" boolean DEFAULT false NOT NULL,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"use_integration" boolean DEFAULT false NOT NULL,
	"priority" integer,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_suppliers" (
	"product_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"default_price_schedule_id" text,
	CONSTRAINT "product_suppliers_product_id_supplier_id_pk" PRIMARY KEY("product_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_buyers" (
	"supplier_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	CONSTRAINT "supplier_buyers_supplier_id_buyer_id_pk" PRIMARY KEY("supplier_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"all_buyers_can_order" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "auto_forward" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "all_suppliers_can_sell" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ship_from_address_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inventory_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inventory_notification_point" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inventory_variant_level_tracking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inventory_order_can_exceed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inventory_quantity_available" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inventory_last_updated" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bundle_assignments" ADD CONSTRAINT "bundle_assignments_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_product_assignments" ADD CONSTRAINT "bundle_product_assignments_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_product_assignments" ADD CONSTRAINT "bundle_product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_bundle_assignments" ADD CONSTRAINT "catalog_bundle_assignments_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_bundle_assignments" ADD CONSTRAINT "catalog_bundle_assignments_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_bundle_assignments" ADD CONSTRAINT "category_bundle_assignments_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_bundle_assignments" ADD CONSTRAINT "category_bundle_assignments_category_fk" FOREIGN KEY ("catalog_id","category_id") REFERENCES "public"."categories"("catalog_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collection_entries" ADD CONSTRAINT "product_collection_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collection_entries" ADD CONSTRAINT "product_collection_entries_collection_fk" FOREIGN KEY ("buyer_id","collection_id") REFERENCES "public"."product_collections"("buyer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collection_invitations" ADD CONSTRAINT "product_collection_invitations_collection_fk" FOREIGN KEY ("buyer_id","collection_id") REFERENCES "public"."product_collections"("buyer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_record_assignments" ADD CONSTRAINT "inventory_record_assignments_record_fk" FOREIGN KEY ("product_id","variant_id","inventory_record_id") REFERENCES "public"."inventory_records"("product_id","variant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_records" ADD CONSTRAINT "inventory_records_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_assignments" ADD CONSTRAINT "promotion_assignments_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suppliers" ADD CONSTRAINT "product_suppliers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suppliers" ADD CONSTRAINT "product_suppliers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suppliers" ADD CONSTRAINT "product_suppliers_default_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("default_price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_buyers" ADD CONSTRAINT "supplier_buyers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_assignments_buyer_idx" ON "bundle_assignments" USING btree ("buyer_id","user_group_id");--> statement-breakpoint
CREATE INDEX "bundle_product_assignments_product_idx" ON "bundle_product_assignments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_collection_invitations_collection_idx" ON "product_collection_invitations" USING btree ("buyer_id","collection_id");--> statement-breakpoint
CREATE INDEX "product_collections_owner_idx" ON "product_collections" USING btree ("buyer_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "inventory_record_assignments_buyer_idx" ON "inventory_record_assignments" USING btree ("buyer_id","user_group_id");--> statement-breakpoint
CREATE INDEX "variants_combination_idx" ON "variants" USING btree ("product_id","combination");--> statement-breakpoint
CREATE INDEX "promotion_assignments_buyer_idx" ON "promotion_assignments" USING btree ("buyer_id","user_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_key" ON "promotions" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "product_suppliers_supplier_idx" ON "product_suppliers" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_buyers_buyer_idx" ON "supplier_buyers" USING btree ("buyer_id");