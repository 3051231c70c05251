import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { createMailTransport, quoteMailHandler } from '@catalogue/outbox';
import { smtpReceiver, testWorker } from '@catalogue/outbox/testing';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientFor, inDays, quoteProducts, submitProject } from '../testing/quotes';
import { commerceForTests } from '../testing/sdk';
import { expireQuotes } from './expiry';
import { warnExpiringQuotes } from './expiry-job';

const FROM = 'Northfield Shop <shop@northfield.example>';
const SALES = 'Sales team <sales@northfield.example>';

interface QueuedMail {
  id: number;
  event: string;
  recipient: string;
  sellerUserId: string | null;
}

/**
 * Issue 23 item 6 through the commerce API: every event that concerns the other side queues exactly one
 * `quote-mail` row per recipient in the event's transaction (none when the transition is refused), and the
 * outbox delivers each over real SMTP, in the reader's language, with the quote PDF where there is one.
 */
describe(`quote mails on ${testDriver()}`, () => {
  // The expiry job is driven by hand here, not by its timer.
  const commerce = commerceForTests({ config: { COMMERCE_QUOTE_EXPIRY_INTERVAL_S: 0 } });
  let admin: Client;
  let buyer: Client;
  let a = '';
  let b = '';
  let smtp: Awaited<ReturnType<typeof smtpReceiver>>;

  beforeAll(async () => {
    [a, b] = await quoteProducts('QM');
    admin = await clientFor(commerce().baseUrl, 'admin');
    buyer = await clientFor(commerce().baseUrl, 'employee');
    smtp = await smtpReceiver();
    // The buyer registered in German; the rep has no locale (the site's default, English).
    await commerce().database.db.execute(sql`update users set locale = 'de-EU' where id = 'employee'`);
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const db = () => commerce().database.db;

  async function mailsOf(quoteId: string): Promise<QueuedMail[]> {
    const rows = await queryRows<{ id: number; payload: QueuedMail }>(
      db(),
      sql`select id, payload from outbox where kind = 'quote-mail' and payload->>'quoteId' = ${quoteId} order by id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      event: r.payload.event,
      recipient: r.payload.recipient,
      sellerUserId: r.payload.sellerUserId ?? null,
    }));
  }

  async function pushesOf(quoteId: string) {
    return queryRows<{ payload: { quoteDetails: Record<string, unknown> } }>(
      db(),
      sql`select payload from outbox where kind = 'marketing-push' and payload->'quoteDetails'->>'quoteId' = ${quoteId}`,
    );
  }

  /** Delivers the due quote mails through the SMTP receiver; answers the mails it took, parsed. */
  async function deliver(): Promise<ParsedMail[]> {
    const before = smtp.received.length;
    const worker = testWorker(commerce().database, {
      'quote-mail': quoteMailHandler({
        db: db(),
        transport: createMailTransport({ smtpUrl: smtp.url, mailDir: '/nonexistent' }),
        from: FROM,
        salesEmail: SALES,
        siteOrigin: () => 'https://catalogue.example',
      }),
    });
    // Only the quote mails: the other kinds queued by these tests wait for their own workers.
    await db().execute(sql`update outbox set next_attempt_at = now() + interval '1 day'
                           where kind <> 'quote-mail' and delivered_at is null`);
    await worker.drain();
    const mails = await Promise.all(smtp.received.slice(before).map((m) => simpleParser(m.raw)));
    // A batch is delivered concurrently: put them back in the order they were queued.
    return mails.sort((x, y) => rowOf(x) - rowOf(y));
  }

  const rowOf = (mail: ParsedMail) => Number(/^<outbox-(\d+)-/.exec(mail.messageId ?? '')?.[1]);

  async function pdfText(mail: ParsedMail): Promise<string> {
    const pdf = mail.attachments.find((x) => x.contentType === 'application/pdf');
    if (!pdf) return '';
    const parser = new PDFParse({ data: new Uint8Array(pdf.content) });
    try {
      return (await parser.getText()).text.replace(/\s+/g, ' ');
    } finally {
      await parser.destroy();
    }
  }

  it('mails each event of a negotiation once to the other side, in their language, with the PDF', async () => {
    // Product A has the catalogue data a drawing is made of (the PDF draws it); B has none.
    const xp = { TradeSize: { imperial: '1/2 in', metric: '21 mm' }, LengthMm: 3050, CategoryID: 'c.x.y' };
    expect((await admin('PATCH', `/products/${a}`, { xp })).status).toBe(200);
    const { id, lineIds } = await submitProject(buyer, 'Klinik Nord', [
      { ProductID: a, Quantity: 5 },
      { ProductID: b, Quantity: 12 },
    ]);
    expect(await mailsOf(id)).toEqual([]); // the submit is the sales team's quote request, not a quote mail
    expect(
      (await admin('PATCH', `/quotes/${id}`, { AssignedUserID: 'admin', ValidUntil: inDays(20) })).status,
    ).toBe(200);
    await admin('PATCH', `/quotes/${id}/lineitems/${lineIds[0]}`, {
      DiscountPercent: 10,
      Note: 'Preis fest bis Jahresende',
    });
    await admin('PATCH', `/quotes/${id}`, {
      InternalNote: 'Marge knapp, nicht tiefer gehen',
      FreightAmount: 25,
    });
    expect(await mailsOf(id)).toEqual([]); // the seller's own work concerns nobody else
    expect((await admin('POST', `/quotes/${id}/send`, { Message: 'Hier ist unser Angebot.' })).status).toBe(
      201,
    );
    const changes = await buyer('POST', `/me/quotes/${id}/requestchanges`, {
      Message: 'Bitte 20 Stück von Zeile 2.',
      LineItems: [{ ID: lineIds[1], Quantity: 20 }],
    });
    expect(changes.status).toBe(201);
    expect((await admin('POST', `/quotes/${id}/send`)).status).toBe(201);
    expect((await buyer('POST', `/me/quotes/${id}/messages`, { Text: 'Danke, wir prüfen.' })).status).toBe(
      201,
    );
    expect((await admin('POST', `/quotes/${id}/messages`, { Text: 'Gern.' })).status).toBe(201);
    const accepted = await buyer('POST', `/me/quotes/${id}/accept`, { Revision: 2 });
    expect(accepted.status).toBe(201);

    expect((await mailsOf(id)).map((m) => [m.event, m.recipient, m.sellerUserId])).toEqual([
      ['sent', 'buyer', null],
      ['changesRequested', 'seller', 'admin'],
      ['revised', 'buyer', null],
      ['message', 'seller', 'admin'],
      ['message', 'buyer', null],
      ['accepted', 'seller', 'admin'],
    ]);
    const [push, ...otherPushes] = await pushesOf(id);
    expect(otherPushes).toEqual([]);
    expect(push?.payload.quoteDetails).toMatchObject({
      status: 'Accepted',
      revision: 2,
      orderId: accepted.json.ID,
      projectName: 'Klinik Nord',
      lines: [
        { productId: a, quantity: 5 },
        { productId: b, quantity: 20 },
      ],
    });

    const mails = await deliver();
    expect(mails).toHaveLength(6);
    const queued = await mailsOf(id);
    const byRow = new Map(mails.map((m) => [rowOf(m), m]));
    const mail = (n: number) => byRow.get(queued[n]?.id ?? -1) as ParsedMail;
    const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address;

    const sent = mail(0);
    expect(to(sent)).toBe('employee@acme-electrical.example');
    expect(sent.headers.get('content-language')).toBe('de');
    expect(sent.subject).toBe('Ihr Angebot für Klinik Nord liegt vor');
    expect(sent.text).toContain('Guten Tag Daniel Okafor,');
    expect(sent.text).toContain('> Hier ist unser Angebot.');
    expect(sent.replyTo?.value[0]?.address).toBe('admin@northfield.example');
    expect(sent.text).toContain(`Angebot öffnen:\nhttps://catalogue.example/de-eu/quotes/${id}`);
    expect(sent.attachments.map((x) => x.filename)).toEqual([`quote-${id}-1.pdf`]);
    const firstPdf = await pdfText(sent);
    expect(firstPdf).toContain(`Angebotsnummer: ${id}`);
    expect(firstPdf).toContain('Revision: 1');
    expect(firstPdf).toContain('Hinweis: Preis fest bis Jahresende');
    expect(firstPdf).not.toContain('Marge');
    expect(firstPdf).toContain('Produktzeichnungen');
    expect(firstPdf).toContain(`${a}: Quoted part ${a}`);
    expect(firstPdf).toMatch(/3,05\sm/); // the reader's locale's units and number format
    expect(firstPdf).not.toContain(`${b}: Quoted part ${b}`);

    const request = mail(1);
    expect(to(request)).toBe('admin@northfield.example');
    expect(request.headers.get('content-language')).toBe('en');
    expect(request.subject).toBe('Changes requested: Klinik Nord – Acme Electrical Contractors');
    expect(request.text).toContain('> Bitte 20 Stück von Zeile 2.');
    expect(request.replyTo?.value[0]?.address).toBe('employee@acme-electrical.example');
    expect(request.attachments).toEqual([]);
    expect(request.text).toContain(`https://catalogue.example/sales/${id}`);

    const revised = mail(2);
    expect(revised.subject).toBe('Überarbeitetes Angebot für Klinik Nord (Revision 2)');
    expect(await pdfText(revised)).toContain('Revision: 2');

    expect(mail(3).subject).toBe('New message about the quote for Klinik Nord');
    expect(mail(3).text).toContain('> Danke, wir prüfen.');
    expect(mail(4).subject).toBe('Neue Nachricht zum Angebot für Klinik Nord');
    expect(to(mail(4))).toBe('employee@acme-electrical.example');

    const acceptedMail = mail(5);
    expect(acceptedMail.subject).toBe('Quote accepted: Klinik Nord – Acme Electrical Contractors');
    expect(acceptedMail.text).toContain(`It became order ${accepted.json.ID}.`);
    // The rep reads the accepted revision's document in their own language.
    expect(await pdfText(acceptedMail)).toContain(`Quote ID: ${id}`);

    // Delivered rows are not sent again.
    expect(await deliver()).toEqual([]);
  });

  it('mails the sales team when nobody is assigned, and pushes the declined quote', async () => {
    const { id } = await submitProject(buyer, 'Depot Süd', [{ ProductID: a, Quantity: 3 }]);
    expect((await buyer('POST', `/me/quotes/${id}/decline`, { Reason: 'Projekt verschoben' })).status).toBe(
      201,
    );
    expect((await mailsOf(id)).map((m) => [m.event, m.recipient, m.sellerUserId])).toEqual([
      ['declined', 'seller', null],
    ]);
    expect((await pushesOf(id)).map((p) => p.payload.quoteDetails)).toMatchObject([
      { status: 'Declined', declineReason: 'Projekt verschoben', total: null, lines: [] },
    ]);
    const [mail, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(smtp.received.at(-1)?.to).toEqual(['sales@northfield.example']);
    expect(mail?.subject).toBe('Quote declined: Depot Süd – Acme Electrical Contractors');
    expect(mail?.text).toContain('Hello,');
    expect(mail?.text).toContain('> Projekt verschoben');
  });

  it('queues nothing when a transition is refused', async () => {
    const { id } = await submitProject(buyer, 'Lager West', [{ ProductID: a, Quantity: 2 }]);
    const refused = await buyer('POST', `/me/quotes/${id}/accept`, {});
    expect(refused.status).toBe(400);
    expect(refused.json.Errors[0].ErrorCode).toBe('Quote.CannotAcceptBadStatus');
    expect((await buyer('POST', `/me/quotes/${id}/requestchanges`, { Message: 'x' })).status).toBe(400);
    expect(await mailsOf(id)).toEqual([]);
    expect((await admin('POST', `/quotes/${id}/withdraw`, { Reason: 'Nicht lieferbar' })).status).toBe(201);
    expect((await mailsOf(id)).map((m) => m.event)).toEqual(['withdrawn']);
    // A withdrawn quote takes no message: refused, nothing more queued.
    expect((await buyer('POST', `/me/quotes/${id}/messages`, { Text: 'Schade' })).status).toBe(400);
    expect((await admin('POST', `/quotes/${id}/send`)).status).toBe(400);
    expect((await mailsOf(id)).map((m) => m.event)).toEqual(['withdrawn']);
    const [mail] = await deliver();
    expect(mail?.subject).toBe('Das Angebot für Lager West wurde zurückgezogen');
    expect(mail?.text).toContain('Nachricht des Vertriebsteams:');
    expect(mail?.text).toContain('> Nicht lieferbar');
  });

  it('warns the buyer once three days before the quote expires, then mails the expiry', async () => {
    const { id } = await submitProject(buyer, 'Halle 7', [{ ProductID: b, Quantity: 10 }]);
    await admin('PATCH', `/quotes/${id}`, { ValidUntil: inDays(5) });
    expect((await admin('POST', `/quotes/${id}/send`)).status).toBe(201);
    const now = Date.now();
    // Four days ahead of the validity nothing is due; two days ahead the warning is, once.
    expect(await warnExpiringQuotes(db(), new Date(now))).not.toContain(id);
    expect(await warnExpiringQuotes(db(), new Date(now + 3 * 86_400_000))).toContain(id);
    expect(await warnExpiringQuotes(db(), new Date(now + 3 * 86_400_000))).not.toContain(id);
    expect(await warnExpiringQuotes(db(), new Date(now + 4 * 86_400_000))).not.toContain(id);
    expect((await mailsOf(id)).map((m) => m.event)).toEqual(['sent', 'expiring']);
    expect(await expireQuotes(db(), new Date(now + 6 * 86_400_000))).toContain(id);
    expect(await expireQuotes(db(), new Date(now + 7 * 86_400_000))).not.toContain(id);
    // Too late: the accept is refused and queues nothing.
    expect((await buyer('POST', `/me/quotes/${id}/accept`, {})).status).toBe(400);
    expect((await mailsOf(id)).map((m) => [m.event, m.recipient])).toEqual([
      ['sent', 'buyer'],
      ['expiring', 'buyer'],
      ['expired', 'buyer'],
    ]);
    const mails = await deliver();
    expect(mails.map((m) => m.subject)).toEqual([
      'Ihr Angebot für Halle 7 liegt vor',
      expect.stringMatching(/^Ihr Angebot für Halle 7 läuft am \d+\. \w+ \d{4} ab$/),
      'Ihr Angebot für Halle 7 ist abgelaufen',
    ]);
    expect(mails[1]?.attachments).toEqual([]);
  });

  it('keeps a buyer mail unsent, with the reason, when the buyer has no confirmed address', async () => {
    const { id } = await submitProject(buyer, 'Werkstatt', [{ ProductID: a, Quantity: 1 }]);
    await db().execute(sql`update users set email_verified_at = null where id = 'employee'`);
    try {
      await admin('PATCH', `/quotes/${id}`, { AssignedUserID: 'admin' });
      expect((await admin('POST', `/quotes/${id}/send`)).status).toBe(201);
      expect(await deliver()).toEqual([]);
      const [row] = await queryRows<{ failed: boolean; last_error: string }>(
        db(),
        sql`select failed_at is not null as failed, last_error from outbox
            where kind = 'quote-mail' and payload->>'quoteId' = ${id}`,
      );
      expect(row).toMatchObject({ failed: true });
      expect(row?.last_error).toContain('no confirmed email address');
    } finally {
      await db().execute(sql`update users set email_verified_at = now() where id = 'employee'`);
    }
  });
});
