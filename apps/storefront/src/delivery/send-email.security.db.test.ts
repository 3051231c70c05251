import { createCommerceService } from '@catalogue/commerce';
import { createContentService } from '@catalogue/content';
import { datasetContent } from '@catalogue/dataset/testing';
import { queryRows, setSharedDatabase } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { mailTexts, TEMPLATES } from '@catalogue/outbox';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { Auth, Me } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as sendEmail } from '../app/api/sendEmail/route';
import { configureInProcessCommerce } from '../data/commerce-sdk';

/**
 * `/api/sendEmail` is no relay (issue 20 item 3): it mails only the token user's verified address, only
 * inside the product's template, attaches only documents the site generates, and only so often per user
 * and per address — counted in the database.
 */
describe(`/api/sendEmail on ${testDriver()}`, () => {
  let database: TestDatabase;
  const tokens = new Map<string, string>();
  const ids = new Map<string, string>();
  let projectId = '';
  let productId = '';

  beforeAll(async () => {
    // Read once by storefrontConfig(): small limits so the test reaches them.
    process.env.SEND_EMAIL_PER_USER_PER_HOUR = '4';
    process.env.SEND_EMAIL_PER_ADDRESS_PER_HOUR = '5';
    database = await createTestDatabase(undefined, datasetContent(60));
    setSharedDatabase(database);
    setSharedServices([
      createCommerceService(database, { basePath: '/ordercloud' }),
      createContentService(database, { basePath: '/content' }),
    ]);
    configureInProcessCommerce();
    for (const username of ['engineer', 'employee', 'prefab', 'eu-buyer']) {
      const token = (await Auth.Login(username, 'Buyer#2026', 'storefront')).access_token;
      tokens.set(username, token);
      ids.set(username, (await Me.Get({ accessToken: token })).ID);
    }
    const products = await Me.ListProducts(
      { catalogID: 'catalog-us', pageSize: 5 },
      { accessToken: tokens.get('engineer') },
    );
    productId = products.Items[0]?.ID ?? '';
    const [order] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into orders (id, from_company_type, from_company_id, from_user_id, to_company_id, xp)
          values ('mail-project', 'buyer', 'ACME-US', ${ids.get('engineer') ?? ''}, '', '{"projectName":"Hospital wing"}')
          returning id`,
    );
    projectId = order?.id ?? '';
  }, 120_000);
  afterAll(async () => {
    setSharedServices(null);
    setSharedDatabase(null);
    await database?.dispose();
  });

  const send = (username: string, variables: Record<string, unknown>, cookies = '') =>
    sendEmail(
      new NextRequest('http://localhost/api/sendEmail', {
        method: 'POST',
        headers: {
          host: 'localhost',
          'content-type': 'application/json',
          cookie: `UserToken=${encodeURIComponent(tokens.get(username) ?? '')}${cookies}`,
        },
        body: JSON.stringify({
          variables: { userId: ids.get(username), subject: 'Project', body: 'Notes', ...variables },
        }),
      }),
    );
  const emails = async () =>
    queryRows<{ id: number; payload: Record<string, unknown> }>(
      database.db,
      sql`select id, payload from outbox where kind = 'email' order by id`,
    );
  const refusal = async (response: Response) => [
    response.status,
    ((await response.json()) as { error: string }).error,
  ];

  it('refuses an address its owner has not confirmed, queuing nothing', async () => {
    await Me.Patch({ Email: 'someone-else@victim.example' }, { accessToken: tokens.get('prefab') });
    const before = (await emails()).length;
    const [status, error] = await refusal(await send('prefab', {}));
    expect(status).toBe(409);
    expect(error).toMatch(/not confirmed/);
    // Only the verification mail of the address change was queued, nothing of the user's.
    const added = (await emails()).slice(before);
    expect(added.map((row) => row.payload.template)).toEqual([]);
  });

  it('queues the caller’s text inside the product template, escaped, to their own address only', async () => {
    const response = await send(
      'engineer',
      {
        subject: '<script>alert(1)</script> Invoice',
        body: 'Pay <a href="https://evil.example">here</a>\u202Eexe.pdf',
      },
      `; location_details=${encodeURIComponent(JSON.stringify({ contentHubLocale: 'M.Localization.fr-CA' }))}`,
    );
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: number };
    const row = (await emails()).find((r) => Number(r.id) === id);
    expect(row?.payload).toMatchObject({
      template: 'user-message',
      to: 'engineer@acme-electrical.example',
      replyTo: 'Sales team <sales@catalogue.localhost>',
      username: 'engineer',
      subject: '<script>alert(1)</script> Invoice',
      body: 'Pay <a href="https://evil.example">here</a>exe.pdf',
      locale: 'fr-CA',
    });
    expect(row?.payload).not.toHaveProperty('html');
    const template = TEMPLATES['user-message'];
    const mail = await template?.render(
      template.data.parse(row?.payload),
      await mailTexts(database.db, 'fr-CA'),
      database.db,
    );
    expect(mail?.subject).toBe(
      'Votre note de Northfield Infrastructure Products : <script>alert(1)</script> Invoice',
    );
    expect(mail?.html).not.toMatch(/<script|<a href="https:\/\/evil/);
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses header injection, oversized text and another user', async () => {
    const before = (await emails()).length;
    expect(await refusal(await send('engineer', { subject: 'Hi\r\nBcc: victim@example.com' }))).toEqual([
      400,
      expect.stringMatching(/subject must be one line/),
    ]);
    expect((await send('engineer', { body: 'x'.repeat(2001) })).status).toBe(400);
    expect((await send('engineer', { subject: 'y'.repeat(121) })).status).toBe(400);
    expect((await send('engineer', { userId: ids.get('employee') })).status).toBe(403);
    expect((await emails()).length).toBe(before);
  });

  it('never takes attachment bytes from the caller: it attaches the site’s own documents', async () => {
    const before = (await emails()).length;
    const exe = Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode').toString('base64');
    const [status, error] = await refusal(
      await send('engineer', { fileName: 'invoice.exe', attachment: exe }),
    );
    expect(status).toBe(400);
    expect(error).toMatch(/address of one of the site’s documents.*accepts no file content/);
    for (const attachment of [
      'https://evil.example/api/projects/mail-project/export.pdf',
      '/api/projects/mail-project/export.pdf?x=1',
      // Only a locale may follow a project export's address (its language).
      '/api/projects/mail-project/export.pdf?locale=de-eu&x=1',
      '/api/projects/mail-project/export.pdf?locale=xx-yy',
      '/api/projects/mail-project/export.exe',
      'data:application/pdf;base64,JVBERi0=',
    ]) {
      expect((await send('engineer', { attachment })).status).toBe(400);
    }
    expect(
      await refusal(
        await send('engineer', {
          fileName: 'invoice.exe',
          attachment: `/api/projects/${projectId}/export.pdf`,
        }),
      ),
    ).toEqual([400, expect.stringMatching(/fileName must keep the document's type/)]);
    // Someone else's project: the commerce service's 404, nothing generated for them.
    expect((await send('eu-buyer', { attachment: `/api/projects/${projectId}/export.pdf` })).status).toBe(
      404,
    );
    expect((await emails()).length).toBe(before);

    const sent = await send('engineer', {
      fileName: 'hospital.pdf',
      attachment: `http://localhost/api/projects/${projectId}/export.pdf`,
    });
    expect(sent.status).toBe(202);
    const sheet = await send('engineer', {
      attachment: `/api/product-files/en-us/${productId}/spec-sheet.pdf`,
    });
    expect(sheet.status).toBe(202);
    const rows = (await emails()).slice(-2);
    const attached = rows.map(
      (row) => (row.payload.attachments as { filename: string; contentBase64: string }[])[0],
    );
    expect(attached.map((a) => a?.filename)).toEqual(['hospital.pdf', `${productId}-spec-sheet-en-us.pdf`]);
    for (const a of attached)
      expect(
        Buffer.from(a?.contentBase64 ?? '', 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
  });

  it('limits mail per user and per address, in the database, with Retry-After', async () => {
    // engineer has sent 3 of their 4 an hour.
    expect((await send('engineer', {})).status).toBe(202);
    const limited = await send('engineer', {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many mails/);

    // employee shares engineer's (verified) address: the address has 1 of its 5 left.
    await database.db.execute(
      sql`update users set email = 'engineer@acme-electrical.example' where username = 'employee'`,
    );
    await database.db.execute(sql`update users set email_verified_at = now() where username = 'employee'`);
    expect((await send('employee', {})).status).toBe(202);
    expect((await send('employee', {})).status).toBe(429);
  });
});
