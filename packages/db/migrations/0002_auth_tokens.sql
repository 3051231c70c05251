CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"company_type" text NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"scope" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"algorithm" text DEFAULT 'RS256' NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_client_assignments" (
	"api_client_id" text NOT NULL,
	"buyer_id" text DEFAULT '' NOT NULL,
	"supplier_id" text DEFAULT '' NOT NULL,
	CONSTRAINT "api_client_assignments_api_client_id_buyer_id_supplier_id_pk" PRIMARY KEY("api_client_id","buyer_id","supplier_id")
);
--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("company_type","company_id","user_id");