import { createCommerceService } from '@catalogue/commerce';
import { createContentService } from '@catalogue/content';
import { generateDataset } from '@catalogue/dataset';
import { datasetContent, productsSoldByThePiece } from '@catalogue/dataset/testing';
import { setSharedDatabase } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { callService, setSharedServices } from '@catalogue/service-kit/shared';
import { NextRequest } from 'next/server';
import { Auth, LineItems, Me, Orders } from 'ordercloud-javascript-sdk';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as document } from '../app/api/quotes/[quoteId]/document.pdf/route';
import { configureInProcessCommerce, SALES_INBOX_CLIENT_ID } from '../data/commerce-sdk';

/**
 * `GET /api/quotes/{quoteId}/document.pdf` against the real commerce and content services in-process, on
 * both databases: the quote's buyer and a seller user read it, another company's buyer does not, a buyer
 * never previews the seller's draft, and the PDF is the revision asked for, in the locale asked for.
 */
describe(`quote document route on ${testDriver()}`, () => {
  let database: TestDatabase;
  let engineer = '';
  let euBuyer = '';
  let admin = '';
  let product = '';

  const commerce = async (token: string, method: string, path: string, body?: unknown) => {
    const answer = await callService('commerce', `/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };

  const get = (id: string, query = '', token?: string) =>
    document(
      new NextRequest(`http://localhost/api/quotes/${id}/document.pdf${query}`, {
        headers: {
          host: 'localhost',
          ...(token ? { cookie: `UserToken=${encodeURIComponent(token)}` } : {}),
        },
      }),
      { params: Promise.resolve({ quoteId: id }) },
    );

  async function text(response: Response): Promise<string> {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) });
    try {
      return (await parser.getText()).text.replace(/\s+/g, ' ');
    } finally {
      await parser.destroy();
    }
  }

  /** A submitted project of the engineer: its quote has the project's ID. */
  async function quote(name: string): Promise<string> {
    const order = await Orders.Create(
      'Outgoing',
      { xp: { projectName: name, regionName: 'US' } },
      { accessToken: engineer },
    );
    const id = order.ID ?? '';
    await LineItems.Create('Outgoing', id, { ProductID: product, Quantity: 3 }, { accessToken: engineer });
    await Orders.Submit('Outgoing', id, { accessToken: engineer });
    return id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(120));
    setSharedDatabase(database);
    setSharedServices([
      createCommerceService(database, { basePath: '/ordercloud' }),
      createContentService(database, { basePath: '/content' }),
    ]);
    configureInProcessCommerce();
    engineer = (await Auth.Login('engineer', 'Buyer#2026', 'storefront')).access_token;
    euBuyer = (await Auth.Login('eu-buyer', 'Buyer#2026', 'storefront')).access_token;
    admin = (await Auth.Login('admin', 'Admin#2026', SALES_INBOX_CLIENT_ID)).access_token;
    const usable = productsSoldByThePiece(generateDataset({ skus: 120 }), 40);
    const visible = await Me.ListProducts(
      { catalogID: 'catalog-us', pageSize: 100 },
      { accessToken: engineer },
    );
    product = visible.Items.find((p) => usable.has(p.ID))?.ID ?? '';
    if (!product) throw new Error('no product sold by the piece');
  }, 120_000);
  afterAll(async () => {
    setSharedServices(null);
    setSharedDatabase(null);
    await database?.dispose();
  });

  it('answers the buyer and the seller, and nobody else', async () => {
    const id = await quote('Plant room');
    await commerce(admin, 'PATCH', `/quotes/${id}`, {
      AssignedUserID: 'admin',
      InternalNote: 'Secret margin',
    });
    // Nothing sent yet: no document for anyone but the seller's preview.
    expect((await get(id, '', engineer)).status).toBe(404);
    expect((await get(id, '', admin)).status).toBe(404);
    await commerce(admin, 'POST', `/quotes/${id}/send`, {});

    expect((await get(id)).status).toBe(401);
    const mine = await text(await get(id, '', engineer));
    expect(mine).toContain(`Quote ID: ${id}`);
    expect(mine).toContain('Revision: 1');
    expect(mine).toContain('Acme Electrical Contractors');
    expect(mine).toContain('Requested by: Priya Raman');
    expect(mine).toContain(product);
    expect(mine).not.toContain('Secret margin');
    expect(await text(await get(id, '?revision=1&locale=fr-ca', engineer))).toContain(`N° de devis : ${id}`);

    // Another company's buyer does not learn the quote exists; a buyer never sees the draft.
    const foreign = await get(id, '', euBuyer);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toHaveProperty('error');
    expect((await get(id, '?draft=1', engineer)).status).toBe(403);
    expect((await get(id, '?draft=1', euBuyer)).status).toBe(403);

    expect(await text(await get(id, '', admin))).toContain('Revision: 1');
    await commerce(admin, 'PATCH', `/quotes/${id}`, { Terms: 'Ex works, 30 days net' });
    const draft = await text(await get(id, '?draft=1', admin));
    expect(draft).toContain('Draft preview – not sent to the buyer');
    expect(draft).toContain('Revision: 2');
    expect(draft).toContain('Ex works, 30 days net');
    expect(draft).not.toContain('Secret margin');
  });

  it('refuses a bad revision parameter and answers 404 for a revision or quote that does not exist', async () => {
    const id = await quote('Boiler house');
    await commerce(admin, 'PATCH', `/quotes/${id}`, { AssignedUserID: 'admin' });
    await commerce(admin, 'POST', `/quotes/${id}/send`, {});
    for (const query of [
      '?revision=0',
      '?revision=abc',
      '?revision=1.5',
      '?draft=yes',
      '?revision=1&draft=1',
    ])
      expect((await get(id, query, engineer)).status, query).toBe(400);
    expect((await get(id, '?revision=2', engineer)).status).toBe(404);
    expect((await get('no-such-quote', '', engineer)).status).toBe(404);
    expect((await get('no-such-quote', '', admin)).status).toBe(404);
  });
});
