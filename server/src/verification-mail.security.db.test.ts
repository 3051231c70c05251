import type { AddressInfo } from 'node:net';
import { createCommerceService } from '@catalogue/commerce';
import { datasetContent } from '@catalogue/dataset/testing';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { outboxConfigFromEnv, type RunningOutbox, startOutbox } from '@catalogue/outbox';
import { temporaryDir } from '@catalogue/outbox/testing';
import { closeGracefully } from '@catalogue/service-kit';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from './site';

/**
 * The verification mail as it really leaves (issue 20 item 3): a registration through the single server
 * queues it, the outbox worker sends it over SMTP to a receiver on loopback, and the link read from the
 * received mail creates the account — in the language of the registration page.
 */
describe(`verification mail over SMTP on ${testDriver()}`, () => {
  let database: TestDatabase;
  let server: ReturnType<typeof createSiteServer>;
  let outbox: RunningOutbox;
  let smtp: SMTPServer;
  let dataDir: Awaited<ReturnType<typeof temporaryDir>>;
  let base = '';
  let stopCommerce: () => void = () => undefined;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;

    database = await createTestDatabase(undefined, datasetContent(60));
    dataDir = await temporaryDir();
    const commerce = createCommerceService(database, { basePath: '/ordercloud' });
    stopCommerce = () => commerce.stop();
    server = createSiteServer({
      database,
      services: [commerce],
      pages: (_req, res) => {
        res.end('page');
      },
      pagesState: () => 'ready',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    outbox = await startOutbox(
      database,
      outboxConfigFromEnv({
        DATA_DIR: dataDir.dir,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        OUTBOX_POLL_S: '3600',
        MAIL_FROM: 'Shop <shop@northfield.example>',
      }),
      { log: () => undefined, warn: console.warn, error: console.error },
    );
  });
  afterAll(async () => {
    stopCommerce();
    await closeGracefully(server, 1000);
    await outbox?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await database?.dispose();
    await dataDir?.remove();
  });

  async function register(email: string, username: string): Promise<Response> {
    const anonymous = await fetch(`${base}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'storefront' }),
    });
    const { access_token } = (await anonymous.json()) as { access_token: string };
    return fetch(`${base}/ordercloud/v1/me/register`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        Username: username,
        Email: email,
        Password: 'Mailed#2027',
        FirstName: 'Élodie',
        LastName: 'Roy',
        Locale: 'fr-CA',
      }),
    });
  }

  async function mailTo(address: string): Promise<ParsedMail> {
    await outbox.drain();
    const found = received.filter((r) => r.to.includes(address));
    expect(found).toHaveLength(1);
    return simpleParser(found[0]?.raw ?? '');
  }

  it('sends the registration’s verification mail whose link creates the account', async () => {
    expect((await register('elodie@roy.example', 'elodie')).status).toBe(202);
    const mail = await mailTo('elodie@roy.example');
    expect(mail.subject).toBe('Confirmez votre adresse courriel pour Northfield Infrastructure Products');
    expect(mail.headers.get('content-language')).toBe('fr');
    expect(mail.text).toContain('Bonjour Élodie,');
    const link = /https?:\/\/\S+\/fr-ca\/verify-email\?code=(\S+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const code = decodeURIComponent(link?.[1] ?? '');
    expect(mail.text).toContain(`    ${code}`);
    expect(String(mail.html)).toContain(`href="${link?.[0]}"`);

    const confirmed = await fetch(`${base}/ordercloud/v1/email/verification/${encodeURIComponent(code)}`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe(200);
    const login = await fetch(`${base}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username: 'elodie',
        password: 'Mailed#2027',
      }),
    });
    expect(login.status).toBe(200);
  });

  it('tells a registered address that it has an account, naming no code', async () => {
    expect((await register('engineer@acme-electrical.example', 'another-priya')).status).toBe(202);
    const mail = await mailTo('engineer@acme-electrical.example');
    expect(mail.subject).toBe('Vous avez déjà un compte Northfield Infrastructure Products');
    expect(mail.text).toMatch(/\/fr-ca\/forgot-password/);
    expect(mail.text).not.toMatch(/code=/);
  });
});
