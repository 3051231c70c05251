CREATE TABLE "spec_options" (
	"spec_id" text NOT NULL,
	"id" text NOT NULL,
	"value" text,
	"list_order" integer DEFAULT 0 NOT NULL,
	"is_open_text" boolean DEFAULT false NOT NULL,
	"price_markup_type" text DEFAULT 'NoMarkup' NOT NULL,
	"price_markup" numeric(14, 4),
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "spec_options_spec_id_id_pk" PRIMARY KEY("spec_id","id")
);
--> statement-breakpoint
CREATE TABLE "spec_product_assignments" (
	"spec_id" text NOT NULL,
	"product_id" text NOT NULL,
	"default_value" text,
	"default_option_id" text,
	CONSTRAINT "spec_product_assignments_spec_id_product_id_pk" PRIMARY KEY("spec_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "specs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"default_value" text,
	"required" boolean DEFAULT false NOT NULL,
	"allow_open_text" boolean DEFAULT false NOT NULL,
	"default_option_id" text,
	"defines_variant" boolean DEFAULT false NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spec_options" ADD CONSTRAINT "spec_options_spec_id_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spec_product_assignments" ADD CONSTRAINT "spec_product_assignments_spec_id_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spec_product_assignments" ADD CONSTRAINT "spec_product_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;