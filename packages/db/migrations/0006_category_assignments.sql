CREATE TABLE "category_assignments" (
	"catalog_id" text NOT NULL,
	"category_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text DEFAULT '' NOT NULL,
	"visible" boolean,
	"view_all_products" boolean,
	CONSTRAINT "category_assignments_catalog_id_category_id_buyer_id_user_group_id_pk" PRIMARY KEY("catalog_id","category_id","buyer_id","user_group_id")
);
--> statement-breakpoint
ALTER TABLE "category_assignments" ADD CONSTRAINT "category_assignments_catalog_id_category_id_categories_catalog_id_id_fk" FOREIGN KEY ("catalog_id","category_id") REFERENCES "public"."categories"("catalog_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_assignments_buyer_idx" ON "category_assignments" USING btree ("buyer_id","user_group_id");