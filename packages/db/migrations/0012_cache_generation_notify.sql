-- Besides moving the generation on, tell listeners at commit (NOTIFY is delivered only when the transaction
-- commits): PGlite has one opener, so the service keeps the generation in memory from these notifications
-- instead of reading the row for every request.
CREATE OR REPLACE FUNCTION bump_cache_generation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marker text := 'cache_generation.bumped_' || TG_ARGV[0];
BEGIN
  -- Once per transaction: set_config(..., true) lasts until the transaction ends.
  IF current_setting(marker, true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config(marker, txid_current()::text, true);
    UPDATE cache_generations SET generation = generation + 1 WHERE name = TG_ARGV[0];
    PERFORM pg_notify('cache_generation', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
