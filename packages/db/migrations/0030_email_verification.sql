CREATE TABLE "email_verifications" (
	"company_type" text NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_verifications_company_type_company_id_user_id_pk" PRIMARY KEY("company_type","company_id","user_id"),
	CONSTRAINT "email_verifications_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "pending_registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"buyer_id" text NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"account" jsonb NOT NULL,
	"locale" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_registrations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"tat" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_company_type_company_id_user_id_users_company_type_company_id_id_fk" FOREIGN KEY ("company_type","company_id","user_id") REFERENCES "public"."users"("company_type","company_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD CONSTRAINT "pending_registrations_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "pending_registrations_email_idx" ON "pending_registrations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "rate_limits_tat_idx" ON "rate_limits" USING btree ("tat");