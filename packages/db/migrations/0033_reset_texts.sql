-- The throttled password-reset request's text (issue 20 item 2) for installations whose dictionary was
-- loaded before it: added where missing, per language; a text an editor already changed stays as it is.
-- (A new database gets it from the dataset load.)
UPDATE content_items SET data = '{"forgot.errorRate": "Too many requests for a new password from here. Try again in {seconds} seconds."}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'en');
--> statement-breakpoint
UPDATE content_items SET data = '{"forgot.errorRate": "Trop de demandes de nouveau mot de passe depuis cet endroit. Réessayez dans {seconds} secondes."}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'fr');
--> statement-breakpoint
UPDATE content_items SET data = '{"forgot.errorRate": "Zu viele Anfragen für ein neues Passwort von diesem Ort. Versuchen Sie es in {seconds} Sekunden erneut."}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'de');
--> statement-breakpoint
UPDATE content_items SET data = '{"forgot.errorRate": "Te veel aanvragen voor een nieuw wachtwoord vanaf deze plek. Probeer het over {seconds} seconden opnieuw."}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'nl');
