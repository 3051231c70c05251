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
--> statement-breakpoint
-- The reset page's confirmation said "60 minutes" whatever the codes' lifetime; it now says {minutes},
-- which the page fills in from COMMERCE_RESET_CODE_MINUTES. Only the texts as shipped are replaced (each
-- holds "60" once); an editor's own text stays as it is.
UPDATE content_items SET data = jsonb_set(data, '{forgot.sent}', to_jsonb(replace(data->>'forgot.sent', '60', '{minutes}')))
WHERE type = 'dictionary' AND id = 'ui' AND data->>'forgot.sent' IN (
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 60 minutes.',
  'Si un compte utilise cette adresse, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Le lien fonctionne une seule fois, pendant 60 minutes.',
  'Wenn ein Konto diese Adresse verwendet, haben wir ihm einen Link zum Wählen eines neuen Passworts gesendet. Der Link funktioniert einmal und 60 Minuten lang.',
  'Als een account dit adres gebruikt, hebben we er een link naartoe gestuurd om een nieuw wachtwoord te kiezen. De link werkt één keer, 60 minuten lang.'
);
