CREATE TABLE "quote_events" (
	"key" bigserial PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"revision" integer NOT NULL,
	"actor_type" text NOT NULL,
	"actor_company_id" text,
	"actor_user_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"product" jsonb NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"list_unit_price" numeric(14, 4) NOT NULL,
	"price_schedule_id" text,
	"price_type" text DEFAULT 'List' NOT NULL,
	"discount_percent" numeric(7, 4),
	"net_price" numeric(14, 4),
	"unit_price" numeric(14, 4) NOT NULL,
	"line_total" numeric(14, 4) NOT NULL,
	"lead_time_days" integer,
	"substitute_product_id" text,
	"substitute_product" jsonb,
	"note" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_lines_quote_id_id_pk" PRIMARY KEY("quote_id","id"),
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_price_type_check" CHECK ("quote_lines"."price_type" in ('List', 'Discount', 'Net')),
	CONSTRAINT "quote_lines_prices_check" CHECK ("quote_lines"."unit_price" >= 0 and "quote_lines"."list_unit_price" >= 0 and coalesce("quote_lines"."net_price", 0) >= 0),
	CONSTRAINT "quote_lines_discount_check" CHECK ("quote_lines"."discount_percent" is null or ("quote_lines"."discount_percent" >= 0 and "quote_lines"."discount_percent" <= 100)),
	CONSTRAINT "quote_lines_lead_time_check" CHECK ("quote_lines"."lead_time_days" is null or "quote_lines"."lead_time_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"key" bigserial PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"from_side" text NOT NULL,
	"from_company_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"from_user" jsonb NOT NULL,
	"body" text NOT NULL,
	"revision" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_messages_side_check" CHECK ("quote_messages"."from_side" in ('Seller', 'Buyer'))
);
--> statement-breakpoint
CREATE TABLE "quote_revisions" (
	"quote_id" text NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"sent_by_user_id" text NOT NULL,
	"date_sent" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_revisions_quote_id_revision_pk" PRIMARY KEY("quote_id","revision")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"assigned_user_id" text,
	"from_company_name" text DEFAULT '' NOT NULL,
	"valid_until" timestamp with time zone,
	"sent_valid_until" timestamp with time zone,
	"currency" text DEFAULT 'USD' NOT NULL,
	"freight_amount" numeric(14, 4) DEFAULT '0' NOT NULL,
	"terms" text,
	"internal_note" text,
	"list_subtotal" numeric(14, 4) DEFAULT '0' NOT NULL,
	"subtotal" numeric(14, 4) DEFAULT '0' NOT NULL,
	"total" numeric(14, 4) DEFAULT '0' NOT NULL,
	"line_item_count" integer DEFAULT 0 NOT NULL,
	"catalogue_numbers" text DEFAULT '' NOT NULL,
	"order_id" text,
	"decline_reason" text,
	"date_submitted" timestamp with time zone DEFAULT now() NOT NULL,
	"date_quoted" timestamp with time zone,
	"date_accepted" timestamp with time zone,
	"date_declined" timestamp with time zone,
	"date_expired" timestamp with time zone,
	"date_withdrawn" timestamp with time zone,
	"expiry_warned_at" timestamp with time zone,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('Submitted', 'InReview', 'Quoted', 'ChangesRequested', 'Accepted', 'Declined', 'Expired', 'Withdrawn')),
	CONSTRAINT "quotes_freight_check" CHECK ("quotes"."freight_amount" >= 0),
	CONSTRAINT "quotes_revision_check" CHECK ("quotes"."revision" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_id_orders_id_fk" FOREIGN KEY ("id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "quote_events_quote_idx" ON "quote_events" USING btree ("quote_id","key");--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" USING btree ("quote_id","key");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","date_submitted");--> statement-breakpoint
CREATE INDEX "quotes_assigned_idx" ON "quotes" USING btree ("assigned_user_id","status");--> statement-breakpoint
CREATE INDEX "quotes_expiry_idx" ON "quotes" USING btree ("sent_valid_until") WHERE "quotes"."status" = 'Quoted';--> statement-breakpoint
-- Every project (an order whose xp.projectName is a string) submitted before quotes existed gets its quote,
-- as the submit of a project creates one from now on (services/commerce/src/quotes/opening.ts): status
-- Submitted, each line at the price its line item carries (the price schedule's break for its quantity
-- when it was written), no revision sent yet. Canceled and declined projects are no request any more.
INSERT INTO "quotes" ("id", "name", "status", "from_company_name", "currency", "date_submitted", "last_updated")
SELECT o."id", o."xp" ->> 'projectName', 'Submitted', coalesce(b."name", o."from_company_id"), o."currency",
  coalesce(o."date_submitted", o."date_created"), now()
FROM "orders" o LEFT JOIN "buyers" b ON b."id" = o."from_company_id" AND o."from_company_type" = 'buyer'
WHERE o."is_submitted" AND jsonb_typeof(o."xp" -> 'projectName') = 'string'
  AND o."status" NOT IN ('Canceled', 'Declined')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "quote_lines" ("quote_id", "id", "product_id", "product", "specs", "quantity", "list_unit_price",
  "price_schedule_id", "price_type", "unit_price", "line_total", "position")
SELECT li."order_id", li."id", li."product_id",
  jsonb_build_object('ID', li."product_id", 'Name', li."product" ->> 'Name'), li."specs", li."quantity",
  coalesce(li."unit_price", 0), li."price_schedule_id", 'List', coalesce(li."unit_price", 0),
  round(coalesce(li."unit_price", 0) * li."quantity", 2),
  (row_number() OVER (PARTITION BY li."order_id" ORDER BY li."date_added", li."id"))::int - 1
FROM "line_items" li JOIN "quotes" q ON q."id" = li."order_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "quotes" q SET
  "list_subtotal" = s."subtotal", "subtotal" = s."subtotal", "total" = s."subtotal" + q."freight_amount",
  "line_item_count" = s."n", "catalogue_numbers" = s."numbers"
FROM (SELECT "quote_id", sum("line_total") AS "subtotal", count(*)::int AS "n",
        string_agg("product_id", ' ' ORDER BY "position") AS "numbers"
      FROM "quote_lines" GROUP BY "quote_id") s
WHERE s."quote_id" = q."id";
--> statement-breakpoint
-- The backfilled quotes' first audit entry: the project's submit, by its sender.
INSERT INTO "quote_events" ("quote_id", "action", "from_status", "to_status", "revision", "actor_type",
  "actor_company_id", "actor_user_id", "changes", "at")
SELECT q."id", 'submit', '', 'Submitted', 0, 'buyer', o."from_company_id", o."from_user_id", '{}'::jsonb,
  q."date_submitted"
FROM "quotes" q JOIN "orders" o ON o."id" = q."id";
--> statement-breakpoint
-- The desk searches ID, name, company and catalogue numbers with `lower(…) like '%term%'`, one condition
-- per property, which these trigram indexes answer (a bitmap OR of them).
CREATE INDEX "quotes_id_trgm" ON "quotes" USING gin (lower("id") gin_trgm_ops) WITH (gin_pending_list_limit=64);
--> statement-breakpoint
CREATE INDEX "quotes_name_trgm" ON "quotes" USING gin (lower("name") gin_trgm_ops) WITH (gin_pending_list_limit=64);
--> statement-breakpoint
CREATE INDEX "quotes_company_trgm" ON "quotes" USING gin (lower("from_company_name") gin_trgm_ops) WITH (gin_pending_list_limit=64);
--> statement-breakpoint
CREATE INDEX "quotes_numbers_trgm" ON "quotes" USING gin (lower("catalogue_numbers") gin_trgm_ops) WITH (gin_pending_list_limit=64);
