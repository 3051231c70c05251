import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCommerceService } from '@catalogue/commerce';
import { createContentService } from '@catalogue/content';
import { generateDataset } from '@catalogue/dataset';
import { datasetContent, productsSoldByThePiece } from '@catalogue/dataset/testing';
import { queryRows, setSharedDatabase } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { Auth, Me } from 'ordercloud-javascript-sdk';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getAccessToken } from '../app/api/marketing/getAccessToken/route';
import { POST as postProjectDetails } from '../app/api/marketing/postProjectDetailsPardot/route';
import { POST as addLine } from '../app/api/ordercloud/Buyer/AddProductLineItem/route';
import { POST as addPackaging } from '../app/api/ordercloud/Buyer/addPackagingOption/route';
import { POST as create } from '../app/api/ordercloud/Buyer/createNewProject/route';
import { POST as worksheet } from '../app/api/ordercloud/Buyer/orderWorksheet/route';
import { POST as submit } from '../app/api/ordercloud/Buyer/submitProjectforQuote/route';
import { GET as exportCsv } from '../app/api/projects/[id]/export.csv/route';
import { GET as exportPdf } from '../app/api/projects/[id]/export.pdf/route';
import { POST as importCsv } from '../app/api/projects/[id]/import/route';
import { POST as sendEmail } from '../app/api/sendEmail/route';
import type { MarketingConfig } from '../config';
import { configureInProcessCommerce, SALES_INBOX_CLIENT_ID } from '../data/commerce-sdk';
import {
  acceptMarketingToken,
  issueMarketingToken,
  MarketingTokenError,
  resetMarketingTokens,
} from '../marketing/marketing-tokens';
import { listQuoteRequests, quoteRequestDetail, SALES_PAGE_SIZE } from '../sales/sales-inbox';

/**
 * The delivery routes of issue 9 on both databases, against the real commerce service in-process:
 * `/api/sendEmail` and the marketing routes queue outbox rows (and nothing on a refusal); project export
 * and CSV import act only for the project's owner (or the seller, for export of submitted projects);
 * a submitted project refuses imports; the sales inbox lists and opens submitted projects.
 */

const BASE = 'http://localhost';

function request(
  path: string,
  init: {
    method?: string;
    token?: string;
    body?: BodyInit;
    type?: string;
    headers?: Record<string, string>;
  } = {},
): NextRequest {
  const headers: Record<string, string> = { host: 'localhost', ...init.headers };
  if (init.token) headers.cookie = `UserToken=${encodeURIComponent(init.token)}`;
  if (init.type) headers['content-type'] = init.type;
  return new NextRequest(`${BASE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
}

const json = (value: unknown) => JSON.stringify(value);
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe(`project delivery routes on ${testDriver()}`, () => {
  let database: TestDatabase;
  let engineer = '';
  let euBuyer = '';
  let admin = '';
  let engineerId = '';
  const products: string[] = [];

  const outboxCount = async (kind: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from outbox where kind = ${kind}`,
        )
      )[0]?.n,
    );

  const project = async (name: string) => {
    const response = await create(
      new Request(`${BASE}/api/ordercloud/Buyer/createNewProject`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'localhost' },
        body: json({
          projectName: name,
          projectDesc: 'Level 2',
          regionName: 'US',
          token: encodeURIComponent(engineer),
        }),
      }),
    );
    return ((await response.json()) as { ID: string }).ID;
  };
  const buyerCall = async (handler: (r: Request) => Promise<Response>, body: unknown) => {
    const response = await handler(
      new Request(`${BASE}/api/ordercloud/Buyer/x`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'localhost' },
        body: json(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const lines = async (id: string) =>
    (
      (await buyerCall(worksheet, { orderId: id, token: encodeURIComponent(engineer) })).body.LineItems as {
        ProductID: string;
        Quantity: number;
      }[]
    )
      .map((l) => [l.ProductID, l.Quantity])
      .sort();

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(120));
    const dataset = generateDataset({ skus: 120 });
    setSharedDatabase(database);
    // The content service answers the dictionary the exports take their labels from.
    setSharedServices([
      createCommerceService(database, { basePath: '/ordercloud' }),
      createContentService(database, { basePath: '/content' }),
    ]);
    configureInProcessCommerce();
    engineer = (await Auth.Login('engineer', 'Buyer#2026', 'storefront')).access_token;
    euBuyer = (await Auth.Login('eu-buyer', 'Buyer#2026', 'storefront')).access_token;
    admin = (await Auth.Login('admin', 'Admin#2026', SALES_INBOX_CLIENT_ID)).access_token;
    engineerId = (await Me.Get({ accessToken: engineer })).ID;
    const visible = await Me.ListProducts(
      { catalogID: 'catalog-us', pageSize: 100 },
      { accessToken: engineer },
    );
    const usable = productsSoldByThePiece(dataset, 40);
    products.push(
      ...visible.Items.filter((p) => usable.has(p.ID))
        .slice(0, 3)
        .map((p) => p.ID),
    );
    if (products.length < 3) throw new Error('the demo catalogue has too few products sold by the piece');
  }, 120_000);
  afterAll(async () => {
    setSharedServices(null);
    setSharedDatabase(null);
    await database?.dispose();
  });

  describe('POST /api/sendEmail', () => {
    // The relay cases (unverified address, template, attachments, limits) are in
    // delivery/send-email.security.db.test.ts; here the project's own export goes out with a note.
    const body = (variables: Record<string, unknown>) => json({ variables });
    const good = (projectId: string) => ({
      userId: engineerId,
      subject: 'Project Hospital wing',
      body: 'Here is the project.',
      fileName: 'hospital-wing.csv',
      attachment: `/api/projects/${projectId}/export.csv`,
    });

    it('queues the project’s export to the user’s own address with the sales team as Reply-To', async () => {
      const id = await project('Hospital wing');
      const before = await outboxCount('email');
      const response = await sendEmail(
        request('/api/sendEmail', {
          method: 'POST',
          token: engineer,
          type: 'application/json',
          body: body(good(id)),
        }),
      );
      expect(response.status).toBe(202);
      const answer = (await response.json()) as { queued: boolean; id: number };
      expect(answer.queued).toBe(true);
      expect(await outboxCount('email')).toBe(before + 1);
      const [row] = await queryRows<{ payload: Record<string, unknown> }>(
        database.db,
        sql`select payload from outbox where id = ${answer.id}`,
      );
      expect(row?.payload).toMatchObject({
        template: 'user-message',
        to: 'engineer@acme-electrical.example',
        name: 'Priya Raman',
        replyTo: 'Sales team <sales@catalogue.localhost>',
        subject: 'Project Hospital wing',
        body: 'Here is the project.',
        attachments: [{ filename: 'hospital-wing.csv', contentType: 'text/csv' }],
      });
      const [attached] = (row?.payload.attachments ?? []) as { contentBase64: string }[];
      // The site's own export of the project (an empty project: the header line).
      expect(Buffer.from(attached?.contentBase64 ?? '', 'base64').toString()).toContain(
        'Project ID,Project,',
      );
    });

    it('refuses bad input, other users, missing tokens and other sites, storing nothing', async () => {
      const id = await project('Refusals');
      const before = await outboxCount('email');
      const send = (variables: Record<string, unknown>, token = engineer, headers = {}) =>
        sendEmail(
          request('/api/sendEmail', {
            method: 'POST',
            ...(token ? { token } : {}),
            type: 'application/json',
            body: body(variables),
            headers,
          }),
        );
      const cases: [Promise<Response>, number, RegExp][] = [
        [send(good(id), ''), 401, /token is required/],
        [send(good(id), `${engineer.slice(0, -4)}AAAA`), 401, /Invalid token/],
        [send({ ...good(id), userId: 'someone-else' }), 403, /signed-in user/],
        [send({ ...good(id), attachment: 'bm90IGEgZG9jdW1lbnQ=' }), 400, /site’s documents/],
        [send({ ...good(id), subject: '' }), 400, /subject/],
        [send({ ...good(id), subject: 'a\r\nBcc: x@y.example' }), 400, /subject must be one line/],
        [send({ ...good(id), attachment: undefined }), 400, /fileName names the attachment/],
        [send({ ...good(id), fileName: '../etc/passwd' }), 400, /fileName/],
        [send({ ...good(id), extra: 1 }), 400, /extra|Unrecognized/i],
        [send(good(id), engineer, { 'sec-fetch-site': 'cross-site' }), 403, /Cross-site/],
        [send({ ...good(id), attachment: 'A'.repeat(600) }), 400, /site’s documents/],
      ];
      for (const [pending, status, message] of cases) {
        const response = await pending;
        const answer = (await response.json()) as { error: string };
        expect([response.status, answer.error]).toEqual([status, expect.stringMatching(message)]);
      }
      const notJson = await sendEmail(
        request('/api/sendEmail', { method: 'POST', token: engineer, type: 'application/json', body: '{' }),
      );
      expect(notJson.status).toBe(400);
      expect(await outboxCount('email')).toBe(before);
    });
  });

  describe('marketing routes', () => {
    // What a push queues (the caller's own submitted project as stored): marketing/project-push.security.db.test.ts.
    it('hands a signed-in user a short-lived token', async () => {
      expect((await getAccessToken(request('/api/marketing/getAccessToken'))).status).toBe(401);
      const response = await getAccessToken(request('/api/marketing/getAccessToken', { token: engineer }));
      expect(response.status).toBe(200);
      const token = (await response.json()) as {
        access_token: string;
        token_type: string;
        expires_in: number;
      };
      expect(token).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 600 });
    });

    it('refuses forged or missing tokens and bad details, storing nothing', async () => {
      const token = (
        (await (
          await getAccessToken(request('/api/marketing/getAccessToken', { token: engineer }))
        ).json()) as {
          access_token: string;
        }
      ).access_token;
      const before = await outboxCount('marketing-push');
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        postProjectDetails(
          request('/api/marketing/postProjectDetailsPardot', {
            method: 'POST',
            type: 'application/json',
            body: typeof body === 'string' ? body : json(body),
            headers,
          }),
        );
      const details = { projectId: 'P-2', lines: [{ productId: 'X', quantity: 1 }] };
      const cases: [Promise<Response>, number, RegExp][] = [
        [post({ projectDetails: details, token: `${token.slice(0, -3)}abc` }), 401, /invalid or has expired/],
        [post({ projectDetails: details, token: engineer }), 401, /invalid or has expired/],
        [post({ projectDetails: details }), 400, /token/],
        [post({ projectDetails: { ...details, projectId: '' }, token }), 400, /projectDetails.projectId/],
        [
          post({ projectDetails: { ...details, lines: [{ productId: 'X', quantity: 0 }] }, token }),
          400,
          /quantity/,
        ],
        [post({ projectDetails: { ...details, surprise: true }, token }), 400, /surprise|Unrecognized/i],
        [post('not json'), 400, /JSON/],
        [post({ projectDetails: details, token }, { 'sec-fetch-site': 'cross-site' }), 403, /Cross-site/],
      ];
      for (const [pending, status, message] of cases) {
        const response = await pending;
        const answer = (await response.json()) as { error: string };
        expect([response.status, answer.error]).toEqual([status, expect.stringMatching(message)]);
      }
      expect(await outboxCount('marketing-push')).toBe(before);
    });

    it('gets the platform’s client-credentials token when a token URL is configured', async () => {
      const grants: string[] = [];
      let fail = false;
      const server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          grants.push(body);
          res.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' });
          res.end(
            fail
              ? '{"error":"down"}'
              : json({ access_token: `platform-${grants.length}`, token_type: 'Bearer', expires_in: 3600 }),
          );
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        resetMarketingTokens();
        const config: MarketingConfig = {
          tokenEndpoint: {
            url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`,
            clientId: 'catalogue',
            clientSecret: 's3cret',
          },
          tokenSecret: null,
          tokenTtlSeconds: 600,
        };
        const token = await issueMarketingToken(config, 'engineer');
        expect(token).toEqual({ access_token: 'platform-1', token_type: 'Bearer', expires_in: 3600 });
        expect(new URLSearchParams(grants[0])).toEqual(
          new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: 'catalogue',
            client_secret: 's3cret',
          }),
        );
        // Shared until shortly before it expires.
        expect((await issueMarketingToken(config, 'other')).access_token).toBe('platform-1');
        expect(grants).toHaveLength(1);
        expect(await acceptMarketingToken(config, 'platform-1')).toEqual({ userId: null });
        expect(await acceptMarketingToken(config, 'platform-2')).toBeNull();
        expect(await acceptMarketingToken(config, 'platform-1', Date.now() + 3601_000)).toBeNull();
        fail = true;
        await expect(issueMarketingToken(config, 'x', Date.now() + 3600_000)).rejects.toBeInstanceOf(
          MarketingTokenError,
        );
      } finally {
        resetMarketingTokens();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  });

  describe('project export and import', () => {
    it('exports the owner’s project as CSV and PDF; others get 404, visitors 401', async () => {
      const id = await project('Export, "east"');
      await buyerCall(addLine, {
        productName: products[0],
        projectId: id,
        qty: 4,
        token: encodeURIComponent(engineer),
      });
      const csv = await exportCsv(request(`/api/projects/${id}/export.csv`, { token: engineer }), params(id));
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="Export-east-/);
      const text = await csv.text();
      expect(text.split('\r\n')[0]).toContain('Catalogue number');
      expect(text).toContain(`"Export, ""east"""`);
      expect(text).toContain(`${products[0]},`);
      expect(text).toContain('Acme Electrical Contractors');
      const pdf = await exportPdf(request(`/api/projects/${id}/export.pdf`, { token: engineer }), params(id));
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      expect((await exportCsv(request(`/api/projects/${id}/export.csv`), params(id))).status).toBe(401);
      const foreign = await exportCsv(
        request(`/api/projects/${id}/export.csv`, { token: euBuyer }),
        params(id),
      );
      expect(foreign.status).toBe(404);
      expect(
        (await exportPdf(request(`/api/projects/${id}/export.pdf`, { token: euBuyer }), params(id))).status,
      ).toBe(404);
      // The seller sees submitted projects only.
      expect(
        (await exportCsv(request(`/api/projects/${id}/export.csv`, { token: admin }), params(id))).status,
      ).toBe(404);
    });

    // Issue 22 item 10: the files printed the stored codes ("bulk", "US") as packaging and region.
    it("prints packaging and region as labels in the page's language in the exports, never codes", async () => {
      const id = await project('Packaging labels');
      await buyerCall(addLine, {
        productName: products[0],
        projectId: id,
        qty: 2,
        token: encodeURIComponent(engineer),
      });
      const sheet = await buyerCall(worksheet, { orderId: id, token: encodeURIComponent(engineer) });
      const [line] = sheet.body.LineItems as { ID: string }[];
      const chosen = await buyerCall(addPackaging, {
        products: [{ lineItemId: line?.ID, packagingOption: 'bulk' }],
        ID: id,
        token: encodeURIComponent(engineer),
      });
      expect(chosen.status).toBe(200);
      const csvIn = async (query: string) =>
        (
          await (
            await exportCsv(
              request(`/api/projects/${id}/export.csv${query}`, { token: engineer }),
              params(id),
            )
          ).text()
        )
          .trim()
          .split('\r\n')[1];
      expect(await csvIn('')).toMatch(/,United States,.*,Bulk$/);
      expect(await csvIn('?locale=de-eu')).toMatch(/,Vereinigte Staaten,.*,Lose$/);
      expect(await csvIn('?locale=fr-ca')).toMatch(/,États-Unis,.*,En vrac$/);
      // The seller's PDF of the submitted project, from the sales inbox in French.
      await buyerCall(submit, { projectId: id, token: encodeURIComponent(engineer) });
      const pdf = await exportPdf(
        request(`/api/projects/${id}/export.pdf?locale=fr-ca`, { token: admin }),
        params(id),
      );
      expect(pdf.status).toBe(200);
      const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
      const text = (await parser.getText()).text;
      await parser.destroy();
      expect(text).toContain('En vrac');
      expect(text).not.toMatch(/\bbulk\b/);
    });

    it('imports a CSV all or nothing, with a report per line', async () => {
      const id = await project('Import');
      const [a, b, c] = products as [string, string, string];
      await buyerCall(addLine, {
        productName: c,
        projectId: id,
        qty: 1,
        token: encodeURIComponent(engineer),
      });
      const upload = (csv: string, token = engineer, type = 'text/csv') =>
        importCsv(
          request(`/api/projects/${id}/import`, { method: 'POST', token, type, body: csv }),
          params(id),
        );

      // Refused lines: nothing changes, every line reported.
      const refused = await upload(`Catalogue number;Quantity\n${a};2\n\nNO-SUCH-1;1\n${b};1.5\n"${c}";0\n`);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({
        applied: false,
        lines: [
          { line: 2, catalogueNumber: a, quantity: 2, status: 'added' },
          {
            line: 4,
            catalogueNumber: 'NO-SUCH-1',
            quantity: 1,
            status: 'unknown',
            message: 'unknown catalogue number',
          },
          {
            line: 5,
            catalogueNumber: b,
            quantity: null,
            status: 'bad-quantity',
            message: expect.any(String),
          },
          {
            line: 6,
            catalogueNumber: c,
            quantity: null,
            status: 'bad-quantity',
            message: expect.any(String),
          },
        ],
      });
      expect(await lines(id)).toEqual([[c, 1]]);

      // Without header, lower-case numbers, duplicates merged, an existing line increased.
      const applied = await upload(`${a.toLowerCase()},2\r\n${b},3\r\n${a},5\r\n${c},4\r\n`);
      expect(applied.status).toBe(200);
      const report = (await applied.json()) as {
        applied: boolean;
        lines: { status: string; catalogueNumber: string }[];
      };
      expect(report.applied).toBe(true);
      expect(report.lines.map((l) => [l.catalogueNumber, l.status])).toEqual([
        [a, 'added'],
        [b, 'added'],
        [a, 'merged'],
        [c, 'merged'],
      ]);
      expect(await lines(id)).toEqual(
        [
          [a, 7],
          [b, 3],
          [c, 5],
        ].sort(),
      );

      // Multipart works too, and the export's own CSV imports back.
      const exported = await (
        await exportCsv(request(`/api/projects/${id}/export.csv`, { token: engineer }), params(id))
      ).text();
      const form = new FormData();
      form.set('file', new Blob([exported], { type: 'text/csv' }), 'project.csv');
      const multipart = await importCsv(
        new NextRequest(`${BASE}/api/projects/${id}/import`, {
          method: 'POST',
          headers: { host: 'localhost', cookie: `UserToken=${encodeURIComponent(engineer)}` },
          body: form,
        }),
        params(id),
      );
      expect(multipart.status).toBe(200);
      expect(await lines(id)).toEqual(
        [
          [a, 14],
          [b, 6],
          [c, 10],
        ].sort(),
      );
    });

    it('imports Katalognummer;Menge headers and catalogue numbers typed in any case with spaces or other dashes (emt 050 10)', async () => {
      const id = await project('Localised import');
      const [a, b] = products as [string, string];
      // The catalogue's numbers as people type them: lower case, spaces, underscores or en dashes between parts.
      const spaced = a.toLowerCase().replaceAll('-', ' ');
      const underscored = b.replaceAll('-', '_');
      const dashed = a.replaceAll('-', ' – ');
      const csv = `Katalognummer;Menge\r\n${spaced};2\r\n${underscored};3\r\n${dashed};1\r\n`;
      const response = await importCsv(
        request(`/api/projects/${id}/import`, {
          method: 'POST',
          token: engineer,
          type: 'text/csv',
          body: csv,
        }),
        params(id),
      );
      expect(response.status).toBe(200);
      const report = (await response.json()) as {
        applied: boolean;
        lines: { line: number; status: string; catalogueNumber: string }[];
      };
      expect(report.applied).toBe(true);
      expect(report.lines.map((l) => [l.line, l.catalogueNumber, l.status])).toEqual([
        [2, a, 'added'],
        [3, b, 'added'],
        [4, a, 'merged'],
      ]);
      expect(await lines(id)).toEqual(
        [
          [a, 3],
          [b, 3],
        ].sort(),
      );

      // French and Dutch headers, comma-separated; an unknown number and an invalid quantity are reported and
      // nothing is imported.
      for (const header of ['Numéro de catalogue,Quantité', 'Catalogusnummer,Aantal']) {
        const refused = await importCsv(
          request(`/api/projects/${id}/import`, {
            method: 'POST',
            token: engineer,
            type: 'text/csv',
            body: `${header}\n${a},1\nNO SUCH 1,2\n${b},zwei\n`,
          }),
          params(id),
        );
        expect(refused.status).toBe(422);
        expect(
          ((await refused.json()) as { lines: { line: number; status: string }[] }).lines.map((l) => [
            l.line,
            l.status,
          ]),
        ).toEqual([
          [2, 'merged'],
          [3, 'unknown'],
          [4, 'bad-quantity'],
        ]);
      }
      expect(await lines(id)).toEqual(
        [
          [a, 3],
          [b, 3],
        ].sort(),
      );
    });

    it('refuses imports by other companies, visitors, bad files and into submitted projects, changing nothing', async () => {
      const id = await project('Guarded');
      const [a] = products as [string];
      await buyerCall(addLine, {
        productName: a,
        projectId: id,
        qty: 1,
        token: encodeURIComponent(engineer),
      });
      const upload = (csv: string, token?: string, type = 'text/csv', headers: Record<string, string> = {}) =>
        importCsv(
          request(`/api/projects/${id}/import`, {
            method: 'POST',
            ...(token ? { token } : {}),
            type,
            body: csv,
            headers,
          }),
          params(id),
        );
      const cases: [Promise<Response>, number, RegExp][] = [
        [upload(`${a},1\n`, euBuyer), 404, /not found/i],
        [upload(`${a},1\n`), 401, /token is required/],
        [upload(`${a},1\n`, admin), 403, /owner/],
        [upload('', engineer), 400, /no lines/],
        [upload('Catalogue number,Quantity\n', engineer), 400, /header but no lines/],
        [upload(`"${a},1\n`, engineer), 400, /cannot be read/],
        [upload(`${a},1\n`, engineer, 'application/json'), 415, /text\/csv/],
        [upload('x,1\n'.repeat(501), engineer), 400, /more than 500 lines/],
        [upload(`${a},1\n`, engineer, 'text/csv', { 'sec-fetch-site': 'cross-site' }), 403, /Cross-site/],
      ];
      for (const [pending, status, message] of cases) {
        const response = await pending;
        const answer = (await response.json()) as { error: string };
        expect([response.status, answer.error]).toEqual([status, expect.stringMatching(message)]);
      }
      expect(await lines(id)).toEqual([[a, 1]]);

      expect((await buyerCall(submit, { projectId: id, token: encodeURIComponent(engineer) })).status).toBe(
        200,
      );
      const late = await upload(`${a},1\n`, engineer);
      expect(late.status).toBe(409);
      expect(((await late.json()) as { error: string }).error).toMatch(/submitted/);
      expect(await lines(id)).toEqual([[a, 1]]);
    });
  });

  describe('sales inbox', () => {
    it('lists submitted projects newest first for the seller and opens one; buyers cannot', async () => {
      const older = await project('Older request');
      const newer = await project('Newer request');
      const open = await project('Not submitted');
      for (const id of [older, newer, open])
        await buyerCall(addLine, {
          productName: products[1],
          projectId: id,
          qty: 2,
          token: encodeURIComponent(engineer),
        });
      await buyerCall(submit, { projectId: older, token: encodeURIComponent(engineer) });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await buyerCall(submit, { projectId: newer, token: encodeURIComponent(engineer) });

      const page = await listQuoteRequests(admin, 1);
      const ids = page.items.map((i) => i.orderId);
      expect(ids).not.toContain(open);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      expect(page.items.find((i) => i.orderId === newer)).toMatchObject({
        projectName: 'Newer request',
        company: 'Acme Electrical Contractors',
        user: 'Priya Raman',
        email: 'engineer@acme-electrical.example',
        region: 'US',
        lines: 1,
        submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const detail = await quoteRequestDetail(admin, newer);
      expect(detail).toMatchObject({
        projectName: 'Newer request',
        projectDesc: 'Level 2',
        user: { email: 'engineer@acme-electrical.example', firstName: 'Priya' },
        lines: [{ productId: products[1], quantity: 2 }],
      });
      expect(await quoteRequestDetail(admin, open)).toBeNull();
      // The seller exports a submitted project for the inbox.
      const csv = await exportCsv(
        request(`/api/projects/${newer}/export.csv`, { token: admin }),
        params(newer),
      );
      expect(csv.status).toBe(200);
      // A buyer's token reads no incoming orders of the marketplace.
      expect((await listQuoteRequests(engineer, 1)).items).toEqual([]);
    });

    it(`pages the requests ${SALES_PAGE_SIZE} at a time, newest first, with every request on exactly one page`, async () => {
      const before = (await listQuoteRequests(admin, 1)).totalCount;
      const made: string[] = [];
      for (let n = 0; n < SALES_PAGE_SIZE + 1; n++) {
        const id = await project(`Paging ${n}`);
        await buyerCall(addLine, {
          productName: products[0],
          projectId: id,
          qty: 1,
          token: encodeURIComponent(engineer),
        });
        await buyerCall(submit, { projectId: id, token: encodeURIComponent(engineer) });
        made.push(id);
        // Distinct submit times, so "newest first" has one answer.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const total = before + made.length;
      const first = await listQuoteRequests(admin, 1);
      expect(first).toMatchObject({
        page: 1,
        totalCount: total,
        totalPages: Math.ceil(total / SALES_PAGE_SIZE),
      });
      expect(first.items).toHaveLength(SALES_PAGE_SIZE);
      // The newest request opens the first page; the first of these 21 is on the second.
      expect(first.items[0]?.orderId).toBe(made.at(-1));
      expect(first.items.map((i) => i.orderId)).not.toContain(made[0]);
      const pages = [first];
      for (let page = 2; page <= first.totalPages; page++) pages.push(await listQuoteRequests(admin, page));
      const all = pages.flatMap((p) => p.items.map((i) => i.orderId));
      expect(all).toHaveLength(total);
      expect(new Set(all).size).toBe(total);
      const times = pages.flatMap((p) => p.items.map((i) => i.submittedAt));
      expect([...times].sort().reverse()).toEqual(times);
      // Past the last page: an empty page, not an error.
      expect((await listQuoteRequests(admin, first.totalPages + 1)).items).toEqual([]);
    });
  });
});
