-- Sessions end when they should (issue 20 item 5). A user's access tokens, refresh tokens and password
-- reset codes carry the user's `token_version` and are refused once it has moved on. It moves on here, in
-- the database, whenever the password changes or the user is deactivated, whatever made the change (the
-- API's user routes, /me, a password reset, another instance, a SQL script).
CREATE OR REPLACE FUNCTION users_revoke_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR (OLD.active AND NOT NEW.active) THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_revoke_tokens BEFORE UPDATE OF password_hash, active ON users
  FOR EACH ROW EXECUTE FUNCTION users_revoke_tokens();
--> statement-breakpoint
-- A logout revokes its refresh token, which ends the access tokens issued with it (claim `sid`). Whether a
-- session is revoked is remembered under the identity generation (services/commerce/src/auth/
-- token-state.ts), so a revocation moves that generation on; issuing refresh tokens (every login) does not.
CREATE CONSTRAINT TRIGGER refresh_tokens_identity_generation AFTER UPDATE OF revoked_at ON refresh_tokens
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION bump_cache_generation('identity');
--> statement-breakpoint
-- Access tokens are short-lived: the demo dataset's API clients issued 600-minute tokens and now issue
-- 30-minute ones (the storefront renews them before they expire). A duration someone changed is kept.
UPDATE "api_clients" SET "access_token_duration" = 30
WHERE "access_token_duration" = 600
  AND ("id" IN ('storefront', 'sales-inbox', 'admin-console') OR "id" LIKE 'storefront-catalog-%');
