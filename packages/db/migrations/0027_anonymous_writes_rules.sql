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
--> statement-breakpoint
-- The newsletter's new texts (double opt-in: the form's answer, the confirmation page and mail) for
-- databases whose content was loaded before; new databases get them from the dataset load. Generated
-- from packages/dataset/data/content.yaml (newsletter.*); newsletter.security.db.test.ts checks both agree.
UPDATE "content_items" AS n SET "data" = n."data" || jsonb_build_object(
  'pendingMessage', CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Presque terminé : si cette adresse n''est pas déjà abonnée, nous lui avons envoyé un courriel. Ouvrez le lien qu''il contient pour confirmer votre abonnement.' WHEN 'de' THEN 'Fast geschafft: Sofern diese Adresse noch nicht angemeldet ist, haben wir ihr eine E-Mail geschickt. Öffnen Sie den Link darin, um Ihr Abonnement zu bestätigen.' WHEN 'nl' THEN 'Bijna klaar: als dit adres nog niet is aangemeld, hebben we er een e-mail naartoe gestuurd. Open de link in die e-mail om uw aanmelding te bevestigen.' ELSE 'Almost done: unless this address is subscribed already, we have sent it an email. Open the link in that email to confirm your subscription.' END,
  'rateLimitedMessage', CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Trop d''inscriptions depuis votre réseau. Veuillez réessayer plus tard.' WHEN 'de' THEN 'Zu viele Anmeldungen aus Ihrem Netzwerk. Bitte versuchen Sie es später erneut.' WHEN 'nl' THEN 'Te veel aanmeldingen vanaf uw netwerk. Probeer het later opnieuw.' ELSE 'Too many sign-ups from your network. Please try again later.' END,
  'confirmIntro', CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Confirmez que vous souhaitez recevoir l''infolettre à l''adresse que vous avez indiquée.' WHEN 'de' THEN 'Bestätigen Sie, dass Sie den Newsletter an die angegebene Adresse erhalten möchten.' WHEN 'nl' THEN 'Bevestig dat u de nieuwsbrief wilt ontvangen op het adres waarmee u zich hebt aangemeld.' ELSE 'Confirm that you want to receive the newsletter at the address you signed up with.' END,
  'confirmLabel', CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Confirmer l''abonnement' WHEN 'de' THEN 'Abonnement bestätigen' WHEN 'nl' THEN 'Aanmelding bevestigen' ELSE 'Confirm subscription' END,
  'invalidConfirmationMessage', CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Ce lien de confirmation n''est pas valide ou a expiré. Inscrivez-vous de nouveau pour en recevoir un autre.' WHEN 'de' THEN 'Dieser Bestätigungslink ist ungültig oder abgelaufen. Melden Sie sich erneut an, um einen neuen zu erhalten.' WHEN 'nl' THEN 'Deze bevestigingslink is ongeldig of verlopen. Meld u opnieuw aan om een nieuwe te ontvangen.' ELSE 'This confirmation link is not valid or has expired. Sign up again to receive a new one.' END,
  'confirmEmailSubject', replace(CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Confirmez votre abonnement à l''infolettre {siteName}' WHEN 'de' THEN 'Bestätigen Sie Ihr Abonnement des {siteName}-Newsletters' WHEN 'nl' THEN 'Bevestig uw aanmelding voor de nieuwsbrief van {siteName}' ELSE 'Confirm your subscription to the {siteName} newsletter' END, '{siteName}', s.data->>'name'),
  'confirmEmailIntro', replace(CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Quelqu''un, sans doute vous, a demandé à recevoir l''infolettre {siteName} à cette adresse. Ouvrez ce lien pour confirmer l''abonnement :' WHEN 'de' THEN 'Jemand – hoffentlich Sie – möchte den {siteName}-Newsletter an diese Adresse erhalten. Öffnen Sie diesen Link, um das Abonnement zu bestätigen:' WHEN 'nl' THEN 'Iemand, hopelijk u, heeft gevraagd de nieuwsbrief van {siteName} op dit adres te ontvangen. Open deze link om de aanmelding te bevestigen:' ELSE 'Someone, hopefully you, asked to receive the {siteName} newsletter at this address. Open this link to confirm the subscription:' END, '{siteName}', s.data->>'name'),
  'confirmEmailExpiry', CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Le lien est valable {hours} heures.' WHEN 'de' THEN 'Der Link ist {hours} Stunden lang gültig.' WHEN 'nl' THEN 'De link is {hours} uur geldig.' ELSE 'The link works for {hours} hours.' END,
  'confirmEmailIgnore', CASE split_part(n.locale, '-', 1) WHEN 'fr' THEN 'Si vous n''avez rien demandé, ignorez ce courriel : sans confirmation, l''adresse n''est pas abonnée.' WHEN 'de' THEN 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne Bestätigung wird die Adresse nicht angemeldet.' WHEN 'nl' THEN 'Hebt u hier niet om gevraagd? Negeer dan deze e-mail: zonder bevestiging wordt het adres niet aangemeld.' ELSE 'If you did not ask for it, ignore this email: without confirmation, the address is not subscribed.' END
)
FROM "content_items" AS s
WHERE n."type" = 'newsletter' AND n."id" = 'newsletter'
  AND s."type" = 'site' AND s."id" = 'site' AND s."locale" = n."locale"
  AND n."data"->>'pendingMessage' IS NULL;
