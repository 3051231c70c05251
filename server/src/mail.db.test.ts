import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createCommerceService } from '@catalogue/commerce';
import { datasetContent } from '@catalogue/dataset/testing';
import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { outboxConfigFromEnv, type RunningOutbox, startOutbox } from '@catalogue/outbox';
import { temporaryDir } from '@catalogue/outbox/testing';
import { closeGracefully } from '@catalogue/service-kit';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from './site';

const EMAIL = 'newbie@acme-electrical.example';

/**
 * The forgotten-password flow through the single server as `npm start` wires it: the commerce route
 * queues the mail, the outbox worker writes it to `$DATA_DIR/mail/`, and the code read from that file
 * sets a new password.
 */
describe(`password-reset mail through the single server on ${testDriver()}`, () => {
  let database: TestDatabase;
  let server: ReturnType<typeof createSiteServer>;
  let outbox: RunningOutbox;
  let dataDir: Awaited<ReturnType<typeof temporaryDir>>;
  let base = '';
  let stopCommerce: () => void = () => undefined;

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(60));
    // Reset links may point only to the API client's origins (or the site's, which this server has not).
    await database.db.execute(
      sql`update api_clients set link_origins = array['https://shop.example'] where id = 'storefront'`,
    );
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
    await database?.dispose();
    await dataDir?.remove();
  });

  const requestReset = (body: Record<string, unknown>) =>
    fetch(`${base}/ordercloud/v1/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ClientID: 'storefront', Email: EMAIL, ...body }),
    });

  async function mailFiles(): Promise<string[]> {
    return (await readdir(path.join(dataDir.dir, 'mail')).catch(() => []))
      .filter((n) => n.endsWith('.eml'))
      .sort();
  }

  it('writes the reset mail, in the language of the reset page, as an .eml file whose code resets the password', async () => {
    const response = await requestReset({ URL: 'https://shop.example/fr-ca/account/reset' });
    expect(response.status).toBe(204);
    await outbox.drain();
    const files = await mailFiles();
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(dataDir.dir, 'mail', files[0] as string)));
    expect(mail.to).toMatchObject({ value: [{ address: EMAIL }] });
    expect(mail.subject).toBe(
      'Votre code de réinitialisation du mot de passe Northfield Infrastructure Products',
    );
    expect(mail.text).toContain('Bonjour Tyler,');
    const code = /^ {4}(\S+)$/m.exec(mail.text ?? '')?.[1] ?? '';
    expect(code.length).toBeGreaterThan(20);
    expect(mail.text).toContain(`https://shop.example/fr-ca/account/reset?code=${code}`);

    const reset = await fetch(`${base}/ordercloud/v1/password/reset/${encodeURIComponent(code)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ClientID: 'storefront', Username: 'newbie', Password: 'Mailed#2027x' }),
    });
    expect(reset.status).toBe(204);
    const login = await fetch(`${base}/ordercloud/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username: 'newbie',
        password: 'Mailed#2027x',
      }),
    });
    expect(login.status).toBe(200);
  });

  it('takes the language from the optional Locale field, and refuses an unknown locale without queuing', async () => {
    const before = await mailFiles();
    expect((await requestReset({ Locale: 'de-eu' })).status).toBe(204);
    await outbox.drain();
    const added = (await mailFiles()).filter((n) => !before.includes(n));
    expect(added).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(dataDir.dir, 'mail', added[0] as string)));
    expect(mail.subject).toContain('Zurücksetzen des Passworts');

    const [{ count: queued } = { count: 0 }] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from outbox`,
    );
    const refused = await requestReset({ Locale: 'xx-YY' });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { Errors: { ErrorCode: string; Message: string }[] };
    expect(body.Errors[0]?.Message).toContain('Locale');
    const [{ count: after } = { count: 0 }] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from outbox`,
    );
    expect(after).toBe(queued);
  });
});
