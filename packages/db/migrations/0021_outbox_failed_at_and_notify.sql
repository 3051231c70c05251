DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."delivered_at" is null and "outbox"."failed_at" is null;--> statement-breakpoint
-- Wake the outbox workers when rows are queued: NOTIFY is delivered at commit, so a worker never looks
-- for a row before the transaction that wrote it is visible (PGlite: in this process; PostgreSQL: to every
-- instance that LISTENs). Once per statement, whatever the number of rows.
CREATE OR REPLACE FUNCTION notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER outbox_notify AFTER INSERT ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox();
