CREATE TABLE "addresses" (
	"company_type" text NOT NULL,
	"company_id" text NOT NULL,
	"owner_user_id" text DEFAULT '' NOT NULL,
	"id" text NOT NULL,
	"company_name" text,
	"first_name" text,
	"last_name" text,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"state" text,
	"zip" text,
	"country" text NOT NULL,
	"phone" text,
	"address_name" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "addresses_company_type_company_id_id_pk" PRIMARY KEY("company_type","company_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"owner_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text,
	"description" text,
	"approval_type" text DEFAULT 'Order' NOT NULL,
	"approving_group_id" text NOT NULL,
	"rule_expression" text NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "approval_rules_owner_id_id_pk" PRIMARY KEY("owner_id","id")
);
--> statement-breakpoint
CREATE TABLE "buyer_assignments" (
	"kind" text NOT NULL,
	"buyer_id" text NOT NULL,
	"object_id" text NOT NULL,
	"user_group_id" text DEFAULT '' NOT NULL,
	"user_id" text DEFAULT '' NOT NULL,
	"is_shipping" boolean,
	"is_billing" boolean,
	"allow_exceed" boolean,
	CONSTRAINT "buyer_assignments_kind_buyer_id_object_id_user_group_id_user_id_pk" PRIMARY KEY("kind","buyer_id","object_id","user_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cost_centers" (
	"buyer_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "cost_centers_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_cards" (
	"buyer_id" text NOT NULL,
	"owner_user_id" text DEFAULT '' NOT NULL,
	"id" text NOT NULL,
	"token" text,
	"card_type" text,
	"partial_account_number" text,
	"cardholder_name" text,
	"expiration_date" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "credit_cards_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
CREATE TABLE "spending_accounts" (
	"buyer_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"balance" numeric(14, 4) DEFAULT '0' NOT NULL,
	"allow_as_payment_method" boolean DEFAULT false NOT NULL,
	"redemption_code" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "spending_accounts_buyer_id_id_pk" PRIMARY KEY("buyer_id","id")
);
--> statement-breakpoint
CREATE TABLE "impersonation_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"impersonation_buyer_id" text,
	"impersonation_group_id" text,
	"impersonation_user_id" text,
	"buyer_id" text,
	"group_id" text,
	"user_id" text,
	"security_profile_id" text NOT NULL,
	"client_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incrementors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"last_number" integer DEFAULT 0 NOT NULL,
	"left_padding_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locale_assignments" (
	"locale_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"user_group_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "locale_assignments_locale_id_buyer_id_user_group_id_pk" PRIMARY KEY("locale_id","buyer_id","user_group_id")
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"language" text
);
--> statement-breakpoint
CREATE TABLE "openid_connects" (
	"id" text PRIMARY KEY NOT NULL,
	"ordercloud_api_client_id" text NOT NULL,
	"connect_client_id" text NOT NULL,
	"connect_client_secret" text NOT NULL,
	"app_start_url" text NOT NULL,
	"authorization_endpoint" text NOT NULL,
	"token_endpoint" text NOT NULL,
	"url_encoded" boolean DEFAULT false NOT NULL,
	"integration_event_id" text,
	"call_sync_user_integration_event" boolean DEFAULT false NOT NULL,
	"additional_idp_scopes" text[],
	"custom_error_url" text
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"url" text,
	"hash_key" text,
	"elevated_roles" text[],
	"config_data" jsonb,
	"before_process_request" boolean DEFAULT false NOT NULL,
	"api_client_ids" text[],
	"webhook_routes" jsonb,
	"delivery_config_id" text,
	"custom_auth_header_name" text,
	"custom_auth_header_value" text,
	"xp" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_indices" (
	"thing_type" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "xp_indices_thing_type_key_pk" PRIMARY KEY("thing_type","key")
);
--> statement-breakpoint
CREATE INDEX "buyer_assignments_user_idx" ON "buyer_assignments" USING btree ("kind","buyer_id","user_id");