CREATE TABLE "active_carts" (
	"company_type" text NOT NULL,
	"company_id" text NOT NULL,
	"user_key" text NOT NULL,
	"order_id" text NOT NULL,
	CONSTRAINT "active_carts_company_type_company_id_user_key_pk" PRIMARY KEY("company_type","company_id","user_key")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_caller_key_pk" PRIMARY KEY("caller","key")
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"order_id" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 4),
	"price_overridden" boolean DEFAULT false NOT NULL,
	"is_on_sale" boolean DEFAULT false NOT NULL,
	"price_schedule_id" text,
	"promotion_discount" numeric(14, 4) DEFAULT '0' NOT NULL,
	"line_subtotal" numeric(14, 4) DEFAULT '0' NOT NULL,
	"line_total" numeric(14, 4) DEFAULT '0' NOT NULL,
	"quantity_shipped" integer DEFAULT 0 NOT NULL,
	"cost_center" text,
	"date_needed" timestamp with time zone,
	"shipping_account" text,
	"shipping_address_id" text,
	"shipping_address" jsonb,
	"ship_from_address_id" text,
	"ship_from_address" jsonb,
	"supplier_id" text,
	"inventory_record_id" text,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product" jsonb NOT NULL,
	"variant" jsonb,
	"bundle_id" text,
	"bundle_item_id" text,
	"incoming_order_id" text,
	"outgoing_order_id" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "line_items_order_id_id_pk" PRIMARY KEY("order_id","id"),
	CONSTRAINT "line_items_quantity_check" CHECK ("line_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_approvals" (
	"key" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"approval_rule_id" text NOT NULL,
	"approving_group_id" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_completed" timestamp with time zone,
	"approver_user_id" text,
	"approver_company_type" text,
	"approver_company_id" text,
	"comments" text,
	"allow_resubmit" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_promotions" (
	"order_id" text NOT NULL,
	"promotion_id" text NOT NULL,
	"line_item_id" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"amount" numeric(14, 4) DEFAULT '0' NOT NULL,
	"amount_overridden" boolean DEFAULT false NOT NULL,
	"date_applied" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_promotions_order_id_promotion_id_line_item_id_pk" PRIMARY KEY("order_id","promotion_id","line_item_id")
);
--> statement-breakpoint
CREATE TABLE "order_return_approvals" (
	"key" bigserial PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"approval_rule_id" text NOT NULL,
	"approving_group_id" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_completed" timestamp with time zone,
	"approver_user_id" text,
	"comments" text
);
--> statement-breakpoint
CREATE TABLE "order_return_items" (
	"return_id" text NOT NULL,
	"line_item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"refund_amount" numeric(14, 4),
	"comments" text,
	CONSTRAINT "order_return_items_return_id_line_item_id_pk" PRIMARY KEY("return_id","line_item_id"),
	CONSTRAINT "order_return_items_quantity_check" CHECK ("order_return_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text DEFAULT 'Unsubmitted' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_submitted" timestamp with time zone,
	"date_approved" timestamp with time zone,
	"date_declined" timestamp with time zone,
	"date_canceled" timestamp with time zone,
	"date_completed" timestamp with time zone,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_amount" numeric(14, 4),
	"refund_overridden" boolean DEFAULT false NOT NULL,
	"comments" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"from_company_type" text NOT NULL,
	"from_company_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"from_user" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"anonymous_key" text,
	"to_company_type" text DEFAULT 'seller' NOT NULL,
	"to_company_id" text DEFAULT '' NOT NULL,
	"billing_address_id" text,
	"billing_address" jsonb,
	"shipping_address_id" text,
	"comments" text,
	"status" text DEFAULT 'Unsubmitted' NOT NULL,
	"is_submitted" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_submitted" timestamp with time zone,
	"date_approved" timestamp with time zone,
	"date_declined" timestamp with time zone,
	"date_canceled" timestamp with time zone,
	"date_completed" timestamp with time zone,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"line_item_count" integer DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 4) DEFAULT '0' NOT NULL,
	"shipping_cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"tax_cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"gratuity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"fees" numeric(14, 4) DEFAULT '0' NOT NULL,
	"promotion_discount" numeric(14, 4) DEFAULT '0' NOT NULL,
	"total" numeric(14, 4) DEFAULT '0' NOT NULL,
	"subscription_id" text,
	"allow_resubmit" boolean DEFAULT false NOT NULL,
	"parent_order_id" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('Unsubmitted', 'AwaitingApproval', 'Declined', 'Open', 'Completed', 'Canceled'))
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text,
	"date_executed" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text,
	"amount" numeric(14, 4),
	"succeeded" boolean DEFAULT false NOT NULL,
	"result_code" text,
	"result_message" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "payment_transactions_order_id_payment_id_id_pk" PRIMARY KEY("order_id","payment_id","id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"order_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"credit_card_id" text,
	"spending_account_id" text,
	"description" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"amount" numeric(14, 4),
	"accepted" boolean DEFAULT false NOT NULL,
	"order_return_id" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "payments_order_id_id_pk" PRIMARY KEY("order_id","id")
);
--> statement-breakpoint
CREATE TABLE "shipment_items" (
	"shipment_id" text NOT NULL,
	"order_id" text NOT NULL,
	"line_item_id" text NOT NULL,
	"quantity_shipped" integer NOT NULL,
	CONSTRAINT "shipment_items_shipment_id_order_id_line_item_id_pk" PRIMARY KEY("shipment_id","order_id","line_item_id"),
	CONSTRAINT "shipment_items_quantity_check" CHECK ("shipment_items"."quantity_shipped" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text,
	"owner_id" text DEFAULT '' NOT NULL,
	"shipper" text,
	"date_shipped" timestamp with time zone,
	"date_delivered" timestamp with time zone,
	"tracking_number" text,
	"cost" numeric(14, 4),
	"account" text,
	"from_address_id" text,
	"from_address" jsonb,
	"to_address_id" text,
	"to_address" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_items" (
	"subscription_id" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text,
	"quantity" integer NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cost_center" text,
	"shipping_address_id" text,
	"bundle_id" text,
	"bundle_item_id" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "subscription_items_subscription_id_id_pk" PRIMARY KEY("subscription_id","id"),
	CONSTRAINT "subscription_items_quantity_check" CHECK ("subscription_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"interval" text DEFAULT 'Months' NOT NULL,
	"next_order_date" timestamp with time zone,
	"last_order_date" timestamp with time zone,
	"notification_date" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"from_company_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"to_company_id" text DEFAULT '' NOT NULL,
	"payment" jsonb,
	"billing_address_id" text,
	"shipping_address_id" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "active_carts" ADD CONSTRAINT "active_carts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_return_approvals" ADD CONSTRAINT "order_return_approvals_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_return_items" ADD CONSTRAINT "order_return_items_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_payment_fk" FOREIGN KEY ("order_id","payment_id") REFERENCES "public"."payments"("order_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_line_item_fk" FOREIGN KEY ("order_id","line_item_id") REFERENCES "public"."line_items"("order_id","id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "line_items_product_idx" ON "line_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_approvals_order_idx" ON "order_approvals" USING btree ("order_id","status");--> statement-breakpoint
CREATE INDEX "order_promotions_promotion_idx" ON "order_promotions" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "order_return_approvals_return_idx" ON "order_return_approvals" USING btree ("return_id","status");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_from_idx" ON "orders" USING btree ("from_company_type","from_company_id","from_user_id","status");--> statement-breakpoint
CREATE INDEX "orders_to_idx" ON "orders" USING btree ("to_company_type","to_company_id","status");--> statement-breakpoint
CREATE INDEX "orders_anonymous_idx" ON "orders" USING btree ("anonymous_key");--> statement-breakpoint
CREATE INDEX "shipment_items_order_idx" ON "shipment_items" USING btree ("order_id","line_item_id");--> statement-breakpoint
CREATE INDEX "shipments_buyer_idx" ON "shipments" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_from_idx" ON "subscriptions" USING btree ("from_company_id","from_user_id");