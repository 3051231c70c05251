import { createCommerceService } from '@catalogue/commerce';
import { generateDataset } from '@catalogue/dataset';
import { inventoryColumns, variantRows } from '@catalogue/dataset/load/stock';
import { datasetContent } from '@catalogue/dataset/testing';
import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteCsv } from './document';
import { quoteRequestHandler } from './handler';

/**
 * A submitted project reaches the sales team: the commerce service queues a `quote-request` row with the
 * submit, and its handler queues the email (CSV + PDF of the project) and the marketing push, once even
 * when it runs twice for the same row.
 */
describe(`quote requests on ${testDriver()}`, () => {
  let database: TestDatabase;
  let service: ReturnType<typeof createCommerceService>;

  const api = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await service.fetch(
      new Request(`http://in-process${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown>,
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(80));
    service = createCommerceService(database, { basePath: '' });
  }, 120_000);
  afterAll(async () => {
    service?.stop();
    await database?.dispose();
  });

  it('queues the email with the project as CSV and PDF and the push, once, when a project is submitted', async () => {
    const login = await service.fetch(
      new Request('http://in-process/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: 'storefront',
          username: 'engineer',
          password: 'Buyer#2026',
        }),
      }),
    );
    const token = ((await login.json()) as { access_token: string }).access_token;
    const dataset = generateDataset({ skus: 80 });
    const withSpec = new Set(variantRows(dataset).assignments.map((a) => a.productId));
    const product = dataset.products.find(
      (p) =>
        !withSpec.has(p.id) &&
        p.quantityMultiplier === 1 &&
        p.regions.includes('US') &&
        p.visibleToUserGroup === null &&
        (inventoryColumns(p).inventoryQuantityAvailable ?? 99) > 5,
    );
    if (!product) throw new Error('no product to order');
    const order = await api('POST', '/v1/orders/Outgoing', token, {
      xp: { projectName: 'Clinic, "east" wing', regionName: 'US' },
    });
    const line = await api('POST', `/v1/orders/Outgoing/${order.body.ID}/lineitems`, token, {
      ProductID: product.id,
      Quantity: 2,
      xp: { packagingOption: 'bulk' },
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    expect((await api('POST', `/v1/orders/Outgoing/${order.body.ID}/submit`, token)).status).toBe(200);

    const [queued] = await queryRows<{
      id: number;
      payload: { orderId: string; submittedAt: string };
      created_at: Date;
    }>(database.db, sql`select id, payload, created_at from outbox where kind = 'quote-request'`);
    expect(queued?.payload.orderId).toBe(order.body.ID);
    const row = {
      id: Number(queued?.id),
      kind: 'quote-request',
      payload: queued?.payload,
      dedupeKey: null,
      attempts: 1,
      createdAt: new Date(queued?.created_at ?? Date.now()),
    };
    const handle = quoteRequestHandler({ db: database.db, salesEmail: 'sales@northfield.example' });
    await handle(row);
    await handle(row); // a redelivery after a crash queues nothing twice

    const mails = await queryRows<{
      payload: { to: string; subject: string; attachments: { filename: string; contentBase64: string }[] };
    }>(database.db, sql`select payload from outbox where kind = 'email'`);
    expect(mails).toHaveLength(1);
    const mail = mails[0]?.payload;
    expect(mail?.to).toBe('sales@northfield.example');
    expect(mail?.subject).toContain('Clinic, "east" wing');
    const csv = Buffer.from(
      mail?.attachments.find((a) => a.filename.endsWith('.csv'))?.contentBase64 ?? '',
      'base64',
    ).toString();
    expect(csv.split('\r\n')[1]).toContain(`"Clinic, ""east"" wing"`);
    expect(csv).toContain(`${product.id},`);
    // Issue 22 item 10: the packaging's label and the region's name, not their codes.
    expect(csv.split('\r\n')[1]?.endsWith(',Bulk')).toBe(true);
    expect(csv.split('\r\n')[1]).toContain(',United States,');
    const pdf = Buffer.from(
      mail?.attachments.find((a) => a.filename.endsWith('.pdf'))?.contentBase64 ?? '',
      'base64',
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pushes = await queryRows<{
      payload: { projectDetails: { projectId: string; lines: { productId: string; quantity: number }[] } };
    }>(database.db, sql`select payload from outbox where kind = 'marketing-push'`);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.payload.projectDetails).toMatchObject({
      projectId: order.body.ID,
      lines: [{ productId: product.id, quantity: 2 }],
    });
  });

  it('defuses spreadsheet formulas in the CSV', () => {
    const csv = quoteCsv(
      {
        orderId: 'o1',
        projectName: '=HYPERLINK("http://evil")',
        projectDesc: '',
        regionName: 'US',
        brand: '',
        submittedAt: new Date(0),
        company: { id: 'C', name: '+cmd' },
        user: { username: 'u', firstName: 'A', lastName: 'B', email: 'a@b.example' },
        lines: [{ productId: 'P-1', name: '@SUM(1)', quantity: 1, packagingOption: '' }],
      },
      {
        standard: 'Standard packs',
        bulk: 'Bulk',
        individual: 'Individually boxed',
        palletised: 'Palletised',
      },
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain("'+cmd");
    expect(csv).toContain("'@SUM(1)");
  });
});
