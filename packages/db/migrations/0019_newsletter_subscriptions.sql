CREATE TABLE "newsletter_subscriptions" (
	"email" text PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
