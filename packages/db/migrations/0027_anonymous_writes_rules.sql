-- Issue 20, items 6 and 7: rules the columns of the previous migration need.

-- Search events stay append-only: besides updates (0024), deletes are refused too, except the retention
-- job's, which goes through search_events_delete_before(). That function marks its own transaction
-- (a transaction-local setting) before deleting; any other DELETE, and every TRUNCATE, is refused.
CREATE FUNCTION search_events_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.search_events_retention', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'search_events is append-only: events are deleted only by the retention job (search_events_delete_before)';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_events_delete_by_retention_only BEFORE DELETE ON search_events
  FOR EACH STATEMENT EXECUTE FUNCTION search_events_refuse_delete();
--> statement-breakpoint
CREATE FUNCTION search_events_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'search_events is append-only: it is never truncated';
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_events_no_truncate BEFORE TRUNCATE ON search_events
  FOR EACH STATEMENT EXECUTE FUNCTION search_events_refuse_truncate();
--> statement-breakpoint
-- Deletes at most max_rows events received before cutoff (oldest first) and answers how many. Cutoffs
-- less than a day old are refused: retention never takes the recent events the recipes read. Instances
-- running the job at once do not queue behind each other: whoever does not get the advisory lock
-- answers 0 and leaves the work to the one that did.
CREATE FUNCTION search_events_delete_before(cutoff timestamptz, max_rows integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  deleted integer;
BEGIN
  IF cutoff > now() - interval '1 day' THEN
    RAISE EXCEPTION 'search_events retention keeps at least one day of events (cutoff %)', cutoff;
  END IF;
  IF NOT pg_try_advisory_xact_lock(hashtext('search_events_retention')) THEN
    RETURN 0;
  END IF;
  PERFORM set_config('catalogue.search_events_retention', 'on', true);
  DELETE FROM search_events WHERE id IN (
    SELECT id FROM search_events WHERE received_at < cutoff ORDER BY received_at LIMIT max_rows
  );
  GET DIAGNOSTICS deleted = ROW_COUNT;
  PERFORM set_config('catalogue.search_events_retention', 'off', true);
  RETURN deleted;
END
$$;
--> statement-breakpoint
-- Sign-ups stored before double opt-in were never confirmed by their address's owner: they become
-- pending rows without a link (nobody is mailed by this migration) that lapse in 30 days like any other
-- pending sign-up. Signing up again mails a link; an operator holding proof of consent can confirm rows
-- before then (docs/notes: `update newsletter_subscriptions set confirmed_at = subscribed_at, expires_at = null where …`).
UPDATE "newsletter_subscriptions" SET "expires_at" = now() + interval '30 days'
WHERE "confirmed_at" IS NULL AND "expires_at" IS NULL;
