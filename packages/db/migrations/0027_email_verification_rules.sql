-- E-mail verification (issue 20 item 3). A user's address counts as theirs only once they confirmed it
-- (users.email_verified_at); whoever changes the address — the user through /me, an administrator, a
-- rename, a SQL script — makes it unconfirmed again, so nobody can move a confirmation to another address.
CREATE FUNCTION users_email_unverified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.email_verified_at := NULL;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_email_change_unverifies BEFORE UPDATE OF email ON users FOR EACH ROW
  WHEN (lower(OLD.email) IS DISTINCT FROM lower(NEW.email))
  EXECUTE FUNCTION users_email_unverified();
--> statement-breakpoint
-- Users of installations that existed before verification. An administrator created every user outside
-- the visitors' companies, or moved them there after looking at them: the seller vouched for those
-- addresses. Users who registered themselves and still sit in a visitors' company (the company of an
-- anonymous API client's template user) never proved theirs: they stay unconfirmed and can ask for the
-- mail at /verify-email. The template users themselves carry the seller's own addresses. A user without an
-- address has nothing to confirm.
UPDATE users SET email_verified_at = now()
WHERE email <> ''
  AND email_verified_at IS NULL
  AND NOT (
    company_type = 'buyer'
    AND company_id IN (
      SELECT template.company_id FROM users template
      JOIN api_clients client
        ON client.is_anon_buyer AND lower(client.default_context_username) = lower(template.username)
      WHERE template.company_type = 'buyer'
    )
    AND lower(username) NOT IN (
      SELECT lower(default_context_username) FROM api_clients
      WHERE is_anon_buyer AND default_context_username IS NOT NULL
    )
  );
