CREATE TABLE "search_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_time" timestamp with time zone,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"action_cause" text,
	"action_sub_type" text,
	"uuid" text,
	"user_id" text,
	"rfk_id" text,
	"entity_type" text,
	"entity_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer,
	"locale" text,
	"page_uri" text,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_events_received_idx" ON "search_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "search_events_uuid_views_idx" ON "search_events" USING btree ("uuid","id") WHERE "search_events"."name" = 'entity_page' and "search_events"."action" = 'view';--> statement-breakpoint
CREATE INDEX "search_events_user_views_idx" ON "search_events" USING btree ("user_id","id") WHERE "search_events"."name" = 'entity_page' and "search_events"."action" = 'view';--> statement-breakpoint
-- Events are a log: once stored, an event never changes (deleting old rows for retention stays possible).
CREATE FUNCTION search_events_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'search_events is append-only: stored events are never updated';
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_events_append_only BEFORE UPDATE ON search_events
  FOR EACH STATEMENT EXECUTE FUNCTION search_events_refuse_update();
