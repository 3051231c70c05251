import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMailTexts, makeDue, memoryLog, queue, rowState, temporaryDir } from '../testing';
import { type OutboxHandler, OutboxWorker } from '../worker';
import { emailHandler } from './handler';
import { createMailTransport } from './transport';

const FROM = 'Northfield Shop <shop@northfield.example>';

const resetPayload = (overrides: Record<string, unknown> = {}) => ({
  template: 'password-reset',
  to: 'newbie@acme-electrical.example',
  username: 'newbie',
  firstName: 'Ann <b>&</b>',
  code: 'Xy7-code_123',
  link: 'https://shop.example/fr-ca/reset?x=1&code=Xy7-code_123',
  expiresInMinutes: 60,
  ...overrides,
});

describe(`email delivery on ${testDriver()}`, () => {
  let database: TestDatabase;
  let folder: { dir: string; remove(): Promise<void> };

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadMailTexts(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from outbox`);
    await folder?.remove();
    folder = await temporaryDir();
  });

  const workerWith = (email: OutboxHandler) =>
    new OutboxWorker(database, {
      handlers: { email },
      pollSeconds: 3600,
      leaseSeconds: 120,
      baseBackoffSeconds: 30,
      maxBackoffSeconds: 3600,
      alertAttempts: 10,
      batch: 10,
      log: memoryLog(),
    });

  const folderWorker = () =>
    workerWith(
      emailHandler({
        db: database.db,
        transport: createMailTransport({ mailDir: folder.dir }),
        from: FROM,
      }),
    );

  async function mails(): Promise<{ name: string; raw: string; parsed: ParsedMail }[]> {
    const names = (await readdir(folder.dir)).sort();
    return Promise.all(
      names.map(async (name) => {
        const raw = await readFile(path.join(folder.dir, name), 'utf8');
        return { name, raw, parsed: await simpleParser(raw) };
      }),
    );
  }

  it('writes the password-reset mail as a parseable .eml file named after the row', async () => {
    const id = await queue(database.db, 'email', resetPayload());
    await folderWorker().drain();
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 1 });
    const [mail, ...others] = await mails();
    expect(others).toEqual([]);
    expect(mail?.name).toMatch(new RegExp(`^\\d{8}T\\d{9}Z-${id}\\.eml$`));
    const parsed = mail?.parsed as ParsedMail;
    expect(parsed.subject).toBe('Your Northfield Infrastructure Products password reset code');
    expect(parsed.from?.value).toEqual([{ address: 'shop@northfield.example', name: 'Northfield Shop' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'newbie@acme-electrical.example' }] });
    expect(parsed.messageId).toMatch(new RegExp(`^<outbox-${id}-[0-9a-z]+@northfield\\.example>$`));
    expect(parsed.headers.get('content-language')).toBe('en');
    expect(mail?.raw).toContain('\r\n');
    // Plain text: the values as they are.
    expect(parsed.text).toContain('Hello Ann <b>&</b>,');
    expect(parsed.text).toContain('your account newbie.');
    expect(parsed.text).toContain('    Xy7-code_123');
    expect(parsed.text).toContain('https://shop.example/fr-ca/reset?x=1&code=Xy7-code_123');
    expect(parsed.text).toContain('expires in 60 minutes');
    // HTML: every value escaped.
    const html = String(parsed.html);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Hello Ann &lt;b&gt;&amp;&lt;/b&gt;,');
    expect(html).not.toContain('<b>&</b>');
    expect(html).toContain('href="https://shop.example/fr-ca/reset?x=1&amp;code=Xy7-code_123"');
    expect(html).toContain('>Xy7-code_123</strong>');
  });

  it('writes the mail in the language of the payload locale, and in English for a locale without texts', async () => {
    const fr = await queue(database.db, 'email', resetPayload({ locale: 'fr-CA', firstName: null }));
    const de = await queue(database.db, 'email', resetPayload({ locale: 'de-EU', link: null }));
    const nl = await queue(database.db, 'email', resetPayload({ locale: 'nl-EU' }));
    const unknown = await queue(database.db, 'email', resetPayload({ locale: 'xx-XX' }));
    await folderWorker().drain();
    const byId = new Map((await mails()).map((m) => [Number(/-(\d+)\.eml$/.exec(m.name)?.[1]), m.parsed]));
    const french = byId.get(fr) as ParsedMail;
    expect(french.subject).toBe(
      'Votre code de réinitialisation du mot de passe Northfield Infrastructure Products',
    );
    expect(french.text).toContain('Bonjour newbie,'); // no first name: the username
    expect(french.headers.get('content-language')).toBe('fr');
    expect(String(french.html)).toContain('<html lang="fr">');
    const german = byId.get(de) as ParsedMail;
    expect(german.subject).toContain('Zurücksetzen des Passworts');
    expect(german.text).toContain('läuft in 60 Minuten ab');
    expect(german.text).not.toContain('https://'); // no link in the request, none in the mail
    expect(byId.get(nl)?.subject).toContain('wachtwoord');
    expect(byId.get(unknown)?.subject).toBe('Your Northfield Infrastructure Products password reset code');
  });

  it('writes a ready message with CSV and PDF attachments', async () => {
    const csv = 'SKU;Qty\r\nNF-1;3\r\n';
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');
    const id = await queue(database.db, 'email', {
      to: ['sales@northfield.example', 'quotes@northfield.example'],
      replyTo: 'buyer@acme-electrical.example',
      subject: 'Quote request: Hospital wing',
      text: 'A buyer asked for a quote.',
      html: '<p>A buyer asked for a quote.</p>',
      attachments: [
        {
          filename: 'project.csv',
          contentType: 'text/csv',
          contentBase64: Buffer.from(csv).toString('base64'),
        },
        { filename: 'project.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
      ],
    });
    await folderWorker().drain();
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true });
    const [mail] = await mails();
    const parsed = mail?.parsed as ParsedMail;
    expect(parsed.subject).toBe('Quote request: Hospital wing');
    expect(parsed.to).toMatchObject({
      value: [{ address: 'sales@northfield.example' }, { address: 'quotes@northfield.example' }],
    });
    expect(parsed.replyTo?.value[0]?.address).toBe('buyer@acme-electrical.example');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['project.csv', 'text/csv'],
      ['project.pdf', 'application/pdf'],
    ]);
    expect(parsed.attachments[0]?.content.toString()).toBe(csv);
    expect(parsed.attachments[1]?.content.equals(pdf)).toBe(true);
  });

  it('replaces its own file when a row is delivered again (a crash after writing, before recording)', async () => {
    const id = await queue(database.db, 'email', resetPayload());
    const worker = folderWorker();
    const [claimed] = await worker.claim();
    expect(claimed?.id).toBe(id);
    const handler = emailHandler({
      db: database.db,
      transport: createMailTransport({ mailDir: folder.dir }),
      from: FROM,
    });
    await handler(claimed as NonNullable<typeof claimed>); // delivered, then the worker died
    await makeDue(database.db, id);
    await worker.drain();
    const files = await mails();
    expect(files).toHaveLength(1);
    expect(files[0]?.parsed.messageId).toMatch(new RegExp(`^<outbox-${id}-`));
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 2 });
  });

  it('parks payloads that can never be sent, and keeps unknown templates for a newer version', async () => {
    const invalid = await queue(database.db, 'email', { to: 'not an address', subject: '', text: 'x' });
    const badTemplate = await queue(database.db, 'email', resetPayload({ code: '' }));
    const unknown = await queue(database.db, 'email', { template: 'quote-reminder', to: 'a@b.example' });
    await folderWorker().drain();
    const parked = await rowState(database.db, invalid);
    expect(parked).toMatchObject({ delivered: false, failed: true });
    expect(parked.lastError).toContain('invalid email payload: to:');
    expect(await rowState(database.db, badTemplate)).toMatchObject({ failed: true });
    const later = await rowState(database.db, unknown);
    expect(later).toMatchObject({
      delivered: false,
      failed: false,
      lastError: "unknown mail template 'quote-reminder'",
    });
    expect(later.dueInSeconds).toBeGreaterThan(3590);
    expect(await readdir(folder.dir).catch(() => [])).toEqual([]);
  });

  it('retries while the texts are missing instead of sending a mail without them', async () => {
    const id = await queue(database.db, 'email', resetPayload());
    await database.db.execute(
      sql`update content_items set type = 'dictionary-hidden' where type = 'dictionary'`,
    );
    try {
      await folderWorker().drain();
    } finally {
      await database.db.execute(
        sql`update content_items set type = 'dictionary' where type = 'dictionary-hidden'`,
      );
    }
    const state = await rowState(database.db, id);
    expect(state).toMatchObject({ delivered: false, failed: false, attempts: 1 });
    expect(state.lastError).toContain('no dictionary content item for en-US');
    await makeDue(database.db, id);
    await folderWorker().drain();
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 2 });
  });

  describe('through SMTP (SMTP_URL)', () => {
    let smtp: SMTPServer;
    let port = 0;
    const received: { from: string; to: string[]; raw: string }[] = [];
    /** What the server answers to the next recipients, then 250. */
    const refusals: { code: number; text: string }[] = [];

    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(_address, _session, callback) {
          const refusal = refusals.shift();
          if (refusal) {
            callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
            return;
          }
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      port = (smtp.server.address() as { port: number }).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    });

    const smtpWorker = (url: string) =>
      workerWith(
        emailHandler({
          db: database.db,
          transport: createMailTransport({ smtpUrl: url, mailDir: folder.dir }),
          from: FROM,
        }),
      );

    it('sends through the server, retrying after a temporary refusal', async () => {
      received.length = 0;
      refusals.push({ code: 451, text: 'Try again later' });
      const id = await queue(database.db, 'email', resetPayload({ locale: 'nl-EU' }));
      const worker = smtpWorker(`smtp://127.0.0.1:${port}`);
      await worker.drain();
      const first = await rowState(database.db, id);
      expect(first).toMatchObject({ delivered: false, failed: false, attempts: 1 });
      expect(first.lastError).toContain('451');
      expect(received).toEqual([]);

      await makeDue(database.db, id);
      await worker.drain();
      expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 2 });
      expect(received.map((r) => [r.from, r.to])).toEqual([
        ['shop@northfield.example', ['newbie@acme-electrical.example']],
      ]);
      const parsed = await simpleParser(received[0]?.raw ?? '');
      expect(parsed.subject).toContain('wachtwoord');
      expect(parsed.messageId).toMatch(new RegExp(`^<outbox-${id}-`));
      expect(await readdir(folder.dir).catch(() => [])).toEqual([]); // nothing in the folder
    });

    it('parks a mail whose recipient the server refuses permanently', async () => {
      refusals.push({ code: 550, text: 'No such user' });
      const id = await queue(database.db, 'email', resetPayload());
      await smtpWorker(`smtp://127.0.0.1:${port}`).drain();
      const state = await rowState(database.db, id);
      expect(state).toMatchObject({ delivered: false, failed: true });
      expect(state.lastError).toContain('550');
    });

    it('retries while the server cannot be reached, and delivers once it is back', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const deadPort = (closed.address() as { port: number }).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const id = await queue(database.db, 'email', {
        to: 'Sales team <sales@northfield.example>',
        replyTo: 'Priya Raman <engineer@acme-electrical.example>',
        subject: 'Quote request: Depot',
        text: 'A buyer asked for a quote.',
      });
      const worker = smtpWorker(`smtp://127.0.0.1:${deadPort}`);
      await worker.drain();
      const state = await rowState(database.db, id);
      expect(state).toMatchObject({ delivered: false, failed: false, attempts: 1 });
      expect(state.lastError).toContain('ECONNREFUSED');
      expect(state.dueInSeconds).toBeGreaterThan(0); // backoff: not due again at once

      // The server comes up on that port; once the backoff has run out the mail goes through.
      received.length = 0;
      const revived = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => revived.listen(deadPort, '127.0.0.1', resolve));
      try {
        await makeDue(database.db, id);
        await worker.drain();
        expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 2 });
        expect(received.map((r) => r.to)).toEqual([['sales@northfield.example']]);
        const parsed = await simpleParser(received[0]?.raw ?? '');
        expect(parsed.replyTo?.value[0]?.address).toBe('engineer@acme-electrical.example');
        expect(parsed.messageId).toMatch(new RegExp(`^<outbox-${id}-`));
        // Delivered rows are not sent again.
        await worker.drain();
        expect(received).toHaveLength(1);
      } finally {
        await new Promise<void>((resolve) => revived.close(() => resolve()));
      }
    });
  });
});
