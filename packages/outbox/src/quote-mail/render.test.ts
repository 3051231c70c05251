import { describe, expect, it } from 'vitest';
import { quotePageLink } from './links';
import { QUOTE_MAIL_EVENTS } from './payload';
import { renderQuoteMail } from './render';
import { sampleMail } from './sample';
import { textsOf } from './test-texts';

const reader = { name: 'Erin Engineer', attachment: null };

describe('quote mails', () => {
  it.each(['en-US', 'fr-CA', 'de-EU', 'nl-EU'])(
    'renders every event in %s with every placeholder filled',
    (locale) => {
      const texts = textsOf(locale);
      const subjects = new Set<string>();
      for (const event of QUOTE_MAIL_EVENTS) {
        const mail = renderQuoteMail(
          event,
          sampleMail({ message: { text: 'Bitte prüfen', author: 'Erin' } }),
          texts,
          reader,
        );
        for (const part of [mail.subject, mail.text, mail.html])
          expect(part, `${event}`).not.toMatch(/\{\w+\}/);
        expect(mail.subject).toContain('Hospital wing B');
        expect(mail.html).toContain(`<html lang="${texts.language}">`);
        subjects.add(mail.subject);
      }
      // Each event says what happened: no two share a subject.
      expect(subjects.size).toBe(QUOTE_MAIL_EVENTS.length);
    },
  );

  it('writes the figures in the reader’s formats (German: 1.234,50 €, 31. Dezember 2026)', () => {
    const mail = renderQuoteMail('revised', sampleMail(), textsOf('de-EU'), reader);
    expect(mail.subject).toBe('Überarbeitetes Angebot für Hospital wing B (Revision 2)');
    expect(mail.text).toContain('Guten Tag Erin Engineer,');
    expect(mail.text).toMatch(/Revision 2, 1\.234,50\s€, gültig bis 31\. Dezember 2026\./);
    const english = renderQuoteMail('revised', sampleMail(), textsOf('en-US'), reader);
    expect(english.text).toContain('revision 2, €1,234.50, valid until December 31, 2026.');
  });

  it('quotes a decline reason and a change request as the buyer wrote them, escaped in HTML', () => {
    const declined = renderQuoteMail(
      'declined',
      sampleMail({ changes: { DeclineReason: [null, 'Too expensive <script>alert(1)</script>'] } }),
      textsOf('en-US'),
      { name: null, attachment: null },
    );
    expect(declined.text).toContain('Hello,'); // the sales team's mailbox: no name to greet
    expect(declined.text).toContain('> Too expensive <script>alert(1)</script>');
    expect(declined.html).toContain('Too expensive &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(declined.html).not.toContain('<script>');
    const changes = renderQuoteMail(
      'changesRequested',
      sampleMail({ message: { text: 'Line 2: 40 pieces\nplease', author: 'Erin Engineer' } }),
      textsOf('fr-CA'),
      reader,
    );
    expect(changes.subject).toBe('Modifications demandées : Hospital wing B – Bau AG');
    expect(changes.text).toContain('> Line 2: 40 pieces\n> please');
  });

  it('links to the quote’s page in the reader’s locale when the site’s origin is known', () => {
    const link = quotePageLink('https://shop.example/ignored?x=1', 'buyer', 'fr-CA', 'Q 1/2');
    expect(link).toBe('https://shop.example/fr-ca/quotes/Q%201%2F2');
    expect(quotePageLink('https://shop.example', 'seller', 'en-US', 'Q-1')).toBe(
      'https://shop.example/sales/Q-1',
    );
    expect(quotePageLink(null, 'buyer', 'en-US', 'Q-1')).toBeNull();
    const mail = renderQuoteMail('sent', sampleMail(), textsOf('fr-CA'), { ...reader, link });
    expect(mail.text).toContain(`Ouvrir le devis :\n${link}`);
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(renderQuoteMail('sent', sampleMail(), textsOf('fr-CA'), reader).text).not.toContain('https://');
  });

  it('sets the rep’s message of a send apart, and names the order of an acceptance and the attachment', () => {
    const sent = renderQuoteMail(
      'sent',
      sampleMail({ revision: 1, message: { text: 'Prices include the site discount.', author: 'Sam' } }),
      textsOf('nl-EU'),
      { name: 'Erin Engineer', attachment: 'quote-Q-1001-1.pdf' },
    );
    expect(sent.text).toContain('Bericht van het verkoopteam:\n\n> Prices include the site discount.');
    expect(sent.text).toContain('De offerte is als pdf bijgevoegd: quote-Q-1001-1.pdf');
    const accepted = renderQuoteMail(
      'accepted',
      sampleMail({ changes: { OrderID: [null, 'ORD-77'] } }),
      textsOf('en-GB'),
      { name: 'Sam Seller', attachment: null },
    );
    expect(accepted.text).toContain(
      'Erin Engineer of Bau AG accepted revision 2 of the quote for Hospital wing B (€1,234.50). It became order ORD-77.',
    );
  });
});
