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
--> statement-breakpoint
-- The texts of verification (the /verify-email page, registration's answer, the three mails) for
-- installations whose dictionary was loaded before them: the keys are added where missing, and a text an
-- editor already changed stays as it is. (A new database gets them from the dataset load.)
UPDATE content_items SET data = '{
  "register.sent": "We have sent a message to {email}. Open the link in it to confirm the address and finish creating your account. If you already have an account with this address, the message tells you how to log in.",
  "register.notReceived": "No message after a few minutes? Check your spam folder, or ask for a new link.",
  "register.errorUsername": "This username is taken. Choose another, or leave the field empty to log in with your email address.",
  "register.errorUsernameEmail": "A username with @ must be the email address above.",
  "verify.title": "Confirm your email address",
  "verify.confirmRegistration": "Confirm {email} to create the account {username}.",
  "verify.confirmChange": "Confirm {email} as the email address of the account {username}.",
  "verify.submit": "Confirm the address",
  "verify.doneRegistration": "Your address is confirmed and your account {username} is ready. You can log in now.",
  "verify.doneChange": "Your email address is confirmed.",
  "verify.invalidLink": "This link is invalid, has already been used or has expired.",
  "verify.usernameTaken": "Someone took the username {username} before you confirmed. Please register again with another username.",
  "verify.accountExists": "An account with this address was created before you confirmed. Log in, or choose a new password.",
  "verify.codeLabel": "Code from the email",
  "verify.codeSubmit": "Continue",
  "verify.resendTitle": "Need a new link?",
  "verify.resendIntro": "Enter your email address. If a registration or an account is waiting for it to be confirmed, we send a new link.",
  "verify.resendEmail": "Email address",
  "verify.resendSubmit": "Send a new link",
  "verify.resendSent": "If a registration or an account is waiting to confirm this address, we have sent it a new link.",
  "verify.errorRate": "Too many requests from here. Please try again later.",
  "email.verification.subject": "Confirm your email address for {siteName}",
  "email.verification.greeting": "Hello {name},",
  "email.verification.introRegistration": "Thank you for registering with {siteName}. Your account {username} is created as soon as you confirm that this email address is yours.",
  "email.verification.introChange": "This address is now the email address of your {siteName} account {username}. Please confirm that it is yours.",
  "email.verification.linkIntro": "Open this link to confirm the address:",
  "email.verification.codeIntro": "Or enter this code on the confirmation page:",
  "email.verification.expiry": "The link and the code work once, for {hours} hours.",
  "email.verification.ignoreRegistration": "If you did not register, ignore this email: no account is created.",
  "email.verification.ignoreChange": "If you did not expect this email, ignore it: the address stays unconfirmed and receives nothing from this account.",
  "email.accountExists.subject": "You already have a {siteName} account",
  "email.accountExists.greeting": "Hello,",
  "email.accountExists.intro": "Someone – probably you – tried to register with {siteName} using this email address. An account with this address already exists, so no new account was created.",
  "email.accountExists.loginIntro": "Log in here:",
  "email.accountExists.resetIntro": "Forgot your password? Choose a new one here:",
  "email.accountExists.ignore": "If you did not try to register, ignore this email: nothing has changed.",
  "email.userMessage.subject": "Your note from {siteName}: {subject}",
  "email.userMessage.greeting": "Hello {name},",
  "email.userMessage.intro": "You sent yourself this note from your {siteName} account {username}. The text below is yours, not {siteName}’s:",
  "email.userMessage.attachments": "Attached, generated by {siteName} from its own data: {files}",
  "email.userMessage.notYou": "If you did not send this note, change your password: someone may be using your account."
}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'en');
--> statement-breakpoint
UPDATE content_items SET data = '{
  "register.sent": "Nous avons envoyé un message à {email}. Ouvrez le lien qu’il contient pour confirmer l’adresse et terminer la création de votre compte. Si vous avez déjà un compte avec cette adresse, le message vous indique comment vous connecter.",
  "register.notReceived": "Aucun message après quelques minutes? Vérifiez vos courriels indésirables ou demandez un nouveau lien.",
  "register.errorUsername": "Ce nom d’utilisateur est déjà pris. Choisissez-en un autre, ou laissez le champ vide pour vous connecter avec votre adresse courriel.",
  "register.errorUsernameEmail": "Un nom d’utilisateur contenant @ doit être l’adresse courriel ci-dessus.",
  "verify.title": "Confirmer votre adresse courriel",
  "verify.confirmRegistration": "Confirmez {email} pour créer le compte {username}.",
  "verify.confirmChange": "Confirmez {email} comme adresse courriel du compte {username}.",
  "verify.submit": "Confirmer l’adresse",
  "verify.doneRegistration": "Votre adresse est confirmée et votre compte {username} est prêt. Vous pouvez maintenant vous connecter.",
  "verify.doneChange": "Votre adresse courriel est confirmée.",
  "verify.invalidLink": "Ce lien est invalide, a déjà servi ou a expiré.",
  "verify.usernameTaken": "Quelqu’un a pris le nom d’utilisateur {username} avant votre confirmation. Veuillez vous inscrire de nouveau avec un autre nom d’utilisateur.",
  "verify.accountExists": "Un compte avec cette adresse a été créé avant votre confirmation. Connectez-vous ou choisissez un nouveau mot de passe.",
  "verify.codeLabel": "Code reçu par courriel",
  "verify.codeSubmit": "Continuer",
  "verify.resendTitle": "Besoin d’un nouveau lien?",
  "verify.resendIntro": "Saisissez votre adresse courriel. Si une inscription ou un compte attend sa confirmation, nous envoyons un nouveau lien.",
  "verify.resendEmail": "Adresse courriel",
  "verify.resendSubmit": "Envoyer un nouveau lien",
  "verify.resendSent": "Si une inscription ou un compte attend la confirmation de cette adresse, nous lui avons envoyé un nouveau lien.",
  "verify.errorRate": "Trop de demandes depuis cet endroit. Veuillez réessayer plus tard.",
  "email.verification.subject": "Confirmez votre adresse courriel pour {siteName}",
  "email.verification.greeting": "Bonjour {name},",
  "email.verification.introRegistration": "Merci de votre inscription à {siteName}. Votre compte {username} sera créé dès que vous aurez confirmé que cette adresse courriel est la vôtre.",
  "email.verification.introChange": "Cette adresse est désormais l’adresse courriel de votre compte {siteName} {username}. Veuillez confirmer qu’elle est bien la vôtre.",
  "email.verification.linkIntro": "Ouvrez ce lien pour confirmer l’adresse :",
  "email.verification.codeIntro": "Vous pouvez aussi saisir ce code sur la page de confirmation :",
  "email.verification.expiry": "Le lien et le code ne servent qu’une fois et sont valables {hours} heures.",
  "email.verification.ignoreRegistration": "Si vous ne vous êtes pas inscrit, ignorez ce courriel : aucun compte ne sera créé.",
  "email.verification.ignoreChange": "Si vous n’attendiez pas ce courriel, ignorez-le : l’adresse reste non confirmée et ne reçoit rien de ce compte.",
  "email.accountExists.subject": "Vous avez déjà un compte {siteName}",
  "email.accountExists.greeting": "Bonjour,",
  "email.accountExists.intro": "Quelqu’un – probablement vous – a tenté de s’inscrire à {siteName} avec cette adresse courriel. Un compte existe déjà avec cette adresse : aucun nouveau compte n’a été créé.",
  "email.accountExists.loginIntro": "Connectez-vous ici :",
  "email.accountExists.resetIntro": "Mot de passe oublié? Choisissez-en un nouveau ici :",
  "email.accountExists.ignore": "Si vous n’avez pas tenté de vous inscrire, ignorez ce courriel : rien n’a changé.",
  "email.userMessage.subject": "Votre note de {siteName} : {subject}",
  "email.userMessage.greeting": "Bonjour {name},",
  "email.userMessage.intro": "Vous vous êtes envoyé cette note depuis votre compte {siteName} {username}. Le texte ci-dessous est le vôtre, pas celui de {siteName} :",
  "email.userMessage.attachments": "En pièce jointe, généré par {siteName} à partir de ses propres données : {files}",
  "email.userMessage.notYou": "Si vous n’avez pas envoyé cette note, changez votre mot de passe : quelqu’un utilise peut-être votre compte."
}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'fr');
--> statement-breakpoint
UPDATE content_items SET data = '{
  "register.sent": "Wir haben eine Nachricht an {email} gesendet. Öffnen Sie den Link darin, um die Adresse zu bestätigen und Ihr Konto fertig anzulegen. Wenn Sie mit dieser Adresse schon ein Konto haben, erklärt die Nachricht, wie Sie sich anmelden.",
  "register.notReceived": "Nach ein paar Minuten keine Nachricht? Sehen Sie im Spam-Ordner nach oder fordern Sie einen neuen Link an.",
  "register.errorUsername": "Dieser Benutzername ist vergeben. Wählen Sie einen anderen oder lassen Sie das Feld leer, um sich mit Ihrer E-Mail-Adresse anzumelden.",
  "register.errorUsernameEmail": "Ein Benutzername mit @ muss die E-Mail-Adresse oben sein.",
  "verify.title": "E-Mail-Adresse bestätigen",
  "verify.confirmRegistration": "Bestätigen Sie {email}, um das Konto {username} anzulegen.",
  "verify.confirmChange": "Bestätigen Sie {email} als E-Mail-Adresse des Kontos {username}.",
  "verify.submit": "Adresse bestätigen",
  "verify.doneRegistration": "Ihre Adresse ist bestätigt und Ihr Konto {username} ist bereit. Sie können sich jetzt anmelden.",
  "verify.doneChange": "Ihre E-Mail-Adresse ist bestätigt.",
  "verify.invalidLink": "Dieser Link ist ungültig, wurde schon verwendet oder ist abgelaufen.",
  "verify.usernameTaken": "Der Benutzername {username} wurde vor Ihrer Bestätigung von jemand anderem belegt. Bitte registrieren Sie sich erneut mit einem anderen Benutzernamen.",
  "verify.accountExists": "Vor Ihrer Bestätigung wurde ein Konto mit dieser Adresse angelegt. Melden Sie sich an oder wählen Sie ein neues Passwort.",
  "verify.codeLabel": "Code aus der E-Mail",
  "verify.codeSubmit": "Weiter",
  "verify.resendTitle": "Neuen Link anfordern?",
  "verify.resendIntro": "Geben Sie Ihre E-Mail-Adresse ein. Wartet eine Registrierung oder ein Konto auf ihre Bestätigung, senden wir einen neuen Link.",
  "verify.resendEmail": "E-Mail-Adresse",
  "verify.resendSubmit": "Neuen Link senden",
  "verify.resendSent": "Wenn eine Registrierung oder ein Konto auf die Bestätigung dieser Adresse wartet, haben wir einen neuen Link gesendet.",
  "verify.errorRate": "Zu viele Anfragen von hier. Bitte versuchen Sie es später erneut.",
  "email.verification.subject": "Bestätigen Sie Ihre E-Mail-Adresse für {siteName}",
  "email.verification.greeting": "Guten Tag {name},",
  "email.verification.introRegistration": "Danke für Ihre Registrierung bei {siteName}. Ihr Konto {username} wird angelegt, sobald Sie bestätigen, dass diese E-Mail-Adresse Ihnen gehört.",
  "email.verification.introChange": "Diese Adresse ist jetzt die E-Mail-Adresse Ihres {siteName}-Kontos {username}. Bitte bestätigen Sie, dass sie Ihnen gehört.",
  "email.verification.linkIntro": "Öffnen Sie diesen Link, um die Adresse zu bestätigen:",
  "email.verification.codeIntro": "Oder geben Sie diesen Code auf der Bestätigungsseite ein:",
  "email.verification.expiry": "Link und Code funktionieren einmal und {hours} Stunden lang.",
  "email.verification.ignoreRegistration": "Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail: Es wird kein Konto angelegt.",
  "email.verification.ignoreChange": "Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie: Die Adresse bleibt unbestätigt und erhält nichts von diesem Konto.",
  "email.accountExists.subject": "Sie haben schon ein Konto bei {siteName}",
  "email.accountExists.greeting": "Guten Tag,",
  "email.accountExists.intro": "Jemand – wahrscheinlich Sie – wollte sich mit dieser E-Mail-Adresse bei {siteName} registrieren. Mit dieser Adresse gibt es schon ein Konto, daher wurde kein neues angelegt.",
  "email.accountExists.loginIntro": "Hier melden Sie sich an:",
  "email.accountExists.resetIntro": "Passwort vergessen? Hier wählen Sie ein neues:",
  "email.accountExists.ignore": "Wenn Sie sich nicht registrieren wollten, ignorieren Sie diese E-Mail: Es hat sich nichts geändert.",
  "email.userMessage.subject": "Ihre Notiz von {siteName}: {subject}",
  "email.userMessage.greeting": "Guten Tag {name},",
  "email.userMessage.intro": "Sie haben sich diese Notiz aus Ihrem {siteName}-Konto {username} gesendet. Der folgende Text stammt von Ihnen, nicht von {siteName}:",
  "email.userMessage.attachments": "Im Anhang, von {siteName} aus eigenen Daten erzeugt: {files}",
  "email.userMessage.notYou": "Wenn Sie diese Notiz nicht gesendet haben, ändern Sie Ihr Passwort: Jemand nutzt vielleicht Ihr Konto."
}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'de');
--> statement-breakpoint
UPDATE content_items SET data = '{
  "register.sent": "We hebben een bericht naar {email} gestuurd. Open de link erin om het adres te bevestigen en uw account af te maken. Hebt u met dit adres al een account, dan staat in het bericht hoe u inlogt.",
  "register.notReceived": "Na een paar minuten geen bericht? Kijk in uw map met ongewenste e-mail of vraag een nieuwe link aan.",
  "register.errorUsername": "Deze gebruikersnaam is al in gebruik. Kies een andere, of laat het veld leeg om in te loggen met uw e-mailadres.",
  "register.errorUsernameEmail": "Een gebruikersnaam met @ moet het e-mailadres hierboven zijn.",
  "verify.title": "Uw e-mailadres bevestigen",
  "verify.confirmRegistration": "Bevestig {email} om het account {username} aan te maken.",
  "verify.confirmChange": "Bevestig {email} als e-mailadres van het account {username}.",
  "verify.submit": "Adres bevestigen",
  "verify.doneRegistration": "Uw adres is bevestigd en uw account {username} is klaar. U kunt nu inloggen.",
  "verify.doneChange": "Uw e-mailadres is bevestigd.",
  "verify.invalidLink": "Deze link is ongeldig, al gebruikt of verlopen.",
  "verify.usernameTaken": "Iemand heeft de gebruikersnaam {username} genomen voordat u bevestigde. Registreer opnieuw met een andere gebruikersnaam.",
  "verify.accountExists": "Voordat u bevestigde, is er een account met dit adres aangemaakt. Log in of kies een nieuw wachtwoord.",
  "verify.codeLabel": "Code uit de e-mail",
  "verify.codeSubmit": "Verder",
  "verify.resendTitle": "Een nieuwe link nodig?",
  "verify.resendIntro": "Vul uw e-mailadres in. Wacht een registratie of een account op de bevestiging ervan, dan sturen we een nieuwe link.",
  "verify.resendEmail": "E-mailadres",
  "verify.resendSubmit": "Nieuwe link versturen",
  "verify.resendSent": "Als een registratie of een account wacht op de bevestiging van dit adres, hebben we er een nieuwe link naartoe gestuurd.",
  "verify.errorRate": "Te veel aanvragen vanaf hier. Probeer het later opnieuw.",
  "email.verification.subject": "Bevestig uw e-mailadres voor {siteName}",
  "email.verification.greeting": "Beste {name},",
  "email.verification.introRegistration": "Bedankt voor uw registratie bij {siteName}. Uw account {username} wordt aangemaakt zodra u bevestigt dat dit e-mailadres van u is.",
  "email.verification.introChange": "Dit adres is nu het e-mailadres van uw {siteName}-account {username}. Bevestig dat het van u is.",
  "email.verification.linkIntro": "Open deze link om het adres te bevestigen:",
  "email.verification.codeIntro": "Of vul deze code in op de bevestigingspagina:",
  "email.verification.expiry": "De link en de code werken één keer, {hours} uur lang.",
  "email.verification.ignoreRegistration": "Hebt u zich niet geregistreerd? Negeer dan deze e-mail: er wordt geen account aangemaakt.",
  "email.verification.ignoreChange": "Had u deze e-mail niet verwacht? Negeer hem dan: het adres blijft onbevestigd en ontvangt niets van dit account.",
  "email.accountExists.subject": "U hebt al een account bij {siteName}",
  "email.accountExists.greeting": "Goedendag,",
  "email.accountExists.intro": "Iemand – waarschijnlijk u – probeerde zich met dit e-mailadres bij {siteName} te registreren. Er bestaat al een account met dit adres, dus er is geen nieuw account aangemaakt.",
  "email.accountExists.loginIntro": "Hier logt u in:",
  "email.accountExists.resetIntro": "Wachtwoord vergeten? Kies hier een nieuw:",
  "email.accountExists.ignore": "Hebt u niet geprobeerd u te registreren? Negeer dan deze e-mail: er is niets veranderd.",
  "email.userMessage.subject": "Uw notitie van {siteName}: {subject}",
  "email.userMessage.greeting": "Beste {name},",
  "email.userMessage.intro": "U hebt uzelf deze notitie gestuurd vanuit uw {siteName}-account {username}. De tekst hieronder is van u, niet van {siteName}:",
  "email.userMessage.attachments": "Bijgevoegd, door {siteName} gemaakt uit eigen gegevens: {files}",
  "email.userMessage.notYou": "Hebt u deze notitie niet verstuurd? Wijzig dan uw wachtwoord: misschien gebruikt iemand uw account."
}'::jsonb || data
WHERE type = 'dictionary' AND id = 'ui'
  AND locale IN (SELECT id FROM content_items WHERE type = 'locale' AND data->>'language' = 'nl');
