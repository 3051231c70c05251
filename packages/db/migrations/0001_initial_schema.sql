CREATE TABLE "catalog_assignments" (
	"catalog_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"view_all_categories" boolean DEFAULT true NOT NULL,
	"view_all_products" boolean DEFAULT true NOT NULL,
	CONSTRAINT "catalog_assignments_catalog_id_buyer_id_pk" PRIMARY KEY("catalog_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_product_assignments" (
	"catalog_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "catalog_product_assignments_catalog_id_product_id_pk" PRIMARY KEY("catalog_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"catalog_id" text NOT NULL,
	"id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"description" text,
	"list_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "categories_catalog_id_id_pk" PRIMARY KEY("catalog_id","id")
);
--> statement-breakpoint
CREATE TABLE "category_product_assignments" (
	"catalog_id" text NOT NULL,
	"category_id" text NOT NULL,
	"product_id" text NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_product_assignments_catalog_id_category_id_product_id_pk" PRIMARY KEY("catalog_id","category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_breaks" (
	"price_schedule_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"sale_price" numeric(14, 4),
	CONSTRAINT "price_breaks_price_schedule_id_quantity_pk" PRIMARY KEY("price_schedule_id","quantity")
);
--> statement-breakpoint
CREATE TABLE "price_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"apply_tax" boolean DEFAULT false NOT NULL,
	"apply_shipping" boolean DEFAULT false NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"max_quantity" integer,
	"use_cumulative_quantity" boolean DEFAULT false NOT NULL,
	"restricted_quantity" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_assignments" (
	"product_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text DEFAULT '' NOT NULL,
	"price_schedule_id" text,
	CONSTRAINT "product_assignments_product_id_buyer_id_user_group_id_pk" PRIMARY KEY("product_id","buyer_id","user_group_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"quantity_multiplier" integer DEFAULT 1 NOT NULL,
	"ship_weight" numeric(12, 3),
	"ship_height" numeric(12, 3),
	"ship_width" numeric(12, 3),
	"ship_length" numeric(12, 3),
	"active" boolean DEFAULT true NOT NULL,
	"default_price_schedule_id" text,
	"default_supplier_id" text,
	"returnable" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"type" text NOT NULL,
	"id" text NOT NULL,
	"locale" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_type_id_locale_pk" PRIMARY KEY("type","id","locale")
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"app_name" text NOT NULL,
	"client_secret" text,
	"active" boolean DEFAULT true NOT NULL,
	"access_token_duration" integer DEFAULT 600 NOT NULL,
	"refresh_token_duration" integer DEFAULT 0 NOT NULL,
	"default_context_username" text,
	"allow_any_buyer" boolean DEFAULT false NOT NULL,
	"allow_any_supplier" boolean DEFAULT false NOT NULL,
	"allow_seller" boolean DEFAULT false NOT NULL,
	"is_anon_buyer" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"default_catalog_id" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_profile_assignments" (
	"key" bigserial PRIMARY KEY NOT NULL,
	"security_profile_id" text NOT NULL,
	"buyer_id" text,
	"supplier_id" text,
	"user_group_id" text,
	"user_id" text
);
--> statement-breakpoint
CREATE TABLE "security_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"password_config" jsonb,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_group_assignments" (
	"company_type" text NOT NULL,
	"company_id" text NOT NULL,
	"user_group_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "user_group_assignments_company_type_company_id_user_group_id_user_id_pk" PRIMARY KEY("company_type","company_id","user_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"company_type" text NOT NULL,
	"company_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "user_groups_company_type_company_id_id_pk" PRIMARY KEY("company_type","company_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"company_type" text NOT NULL,
	"company_id" text NOT NULL,
	"id" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"terms_accepted" timestamp with time zone,
	"password_last_set_date" timestamp with time zone,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "users_company_type_company_id_id_pk" PRIMARY KEY("company_type","company_id","id"),
	CONSTRAINT "users_company_type_check" CHECK ("users"."company_type" in ('seller', 'buyer', 'supplier'))
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_assignments" ADD CONSTRAINT "catalog_assignments_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_assignments" ADD CONSTRAINT "catalog_product_assignments_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_assignments" ADD CONSTRAINT "catalog_product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_product_assignments" ADD CONSTRAINT "category_product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_product_assignments" ADD CONSTRAINT "category_product_assignments_catalog_id_category_id_categories_catalog_id_id_fk" FOREIGN KEY ("catalog_id","category_id") REFERENCES "public"."categories"("catalog_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_breaks" ADD CONSTRAINT "price_breaks_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assignments" ADD CONSTRAINT "product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assignments" ADD CONSTRAINT "product_assignments_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_default_price_schedule_id_price_schedules_id_fk" FOREIGN KEY ("default_price_schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_assignments_buyer_idx" ON "catalog_assignments" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "catalog_product_assignments_product_idx" ON "catalog_product_assignments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("catalog_id","parent_id","list_order");--> statement-breakpoint
CREATE INDEX "category_product_assignments_product_idx" ON "category_product_assignments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_assignments_buyer_idx" ON "product_assignments" USING btree ("buyer_id","user_group_id");--> statement-breakpoint
CREATE INDEX "products_xp_gin" ON "products" USING gin ("xp" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "content_items_locale_idx" ON "content_items" USING btree ("locale","type");--> statement-breakpoint
CREATE INDEX "security_profile_assignments_profile_idx" ON "security_profile_assignments" USING btree ("security_profile_id");--> statement-breakpoint
CREATE INDEX "user_group_assignments_user_idx" ON "user_group_assignments" USING btree ("company_type","company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));