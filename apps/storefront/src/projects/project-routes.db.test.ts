import { createCommerceService } from '@catalogue/commerce';
import { generateDataset } from '@catalogue/dataset';
import { variantRows } from '@catalogue/dataset/load/stock';
import { datasetContent, productsSoldByThePiece } from '@catalogue/dataset/testing';
import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { Auth, Me } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as addLine } from '../app/api/ordercloud/Buyer/AddProductLineItem/route';
import { POST as addProducts } from '../app/api/ordercloud/Buyer/AddProductToProject/route';
import { POST as addBrand } from '../app/api/ordercloud/Buyer/addBrand/route';
import { POST as addPackaging } from '../app/api/ordercloud/Buyer/addPackagingOption/route';
import { POST as create } from '../app/api/ordercloud/Buyer/createNewProject/route';
import { POST as duplicate } from '../app/api/ordercloud/Buyer/DuplicateProject/route';
import { DELETE as deleteLine } from '../app/api/ordercloud/Buyer/deleteProductFromProject/route';
import { DELETE as deleteProject } from '../app/api/ordercloud/Buyer/deleteProject/route';
import { POST as listAll } from '../app/api/ordercloud/Buyer/getAllProjects/route';
import { POST as worksheet } from '../app/api/ordercloud/Buyer/orderWorksheet/route';
import { POST as submit } from '../app/api/ordercloud/Buyer/submitProjectforQuote/route';
import { POST as updateLine } from '../app/api/ordercloud/Buyer/UpdateProductLineItem/route';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import type { ClientProject } from './project-api';
import { splitByRegion } from './project-region';

/**
 * The project routes of spec §7 against the real commerce service, in-process, on both databases: each
 * route with the user's URI-encoded token, the region filter, all-or-nothing multi-line changes, the
 * refusals (bad body, bad token, another company's project, cross-site) changing nothing.
 */

type Handler = (request: Request) => Promise<Response>;

const call = async (
  handler: Handler,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
) => {
  const response = await handler(
    new Request('http://localhost/api/ordercloud/Buyer/x', {
      method,
      headers: { 'content-type': 'application/json', host: 'localhost', ...headers },
      body: JSON.stringify(body),
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { error?: string },
  };
};

describe(`project routes on ${testDriver()}`, () => {
  let database: TestDatabase;
  let engineer = '';
  let euBuyer = '';
  const products: string[] = [];
  let variantProduct = '';

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(120));
    const dataset = generateDataset({ skus: 120 });
    const service = createCommerceService(database, { basePath: '/ordercloud' });
    setSharedServices([service]);
    configureInProcessCommerce();
    engineer = encodeURIComponent((await Auth.Login('engineer', 'Buyer#2026', 'storefront')).access_token);
    euBuyer = encodeURIComponent((await Auth.Login('eu-buyer', 'Buyer#2026', 'storefront')).access_token);
    const visible = await Me.ListProducts(
      { catalogID: 'catalog-us', pageSize: 100 },
      { accessToken: decodeURIComponent(engineer) },
    );
    // Products any quantity the test uses (up to 20) is orderable of; the last with a required spec is
    // the variant product.
    const usable = productsSoldByThePiece(dataset, 20);
    variantProduct = variantRows(dataset).assignments.at(-1)?.productId ?? '';
    products.push(
      ...visible.Items.filter((p) => usable.has(p.ID))
        .slice(0, 3)
        .map((p) => p.ID),
    );
    if (products.length < 3) throw new Error('the demo catalogue has too few products sold by the piece');
  }, 120_000);
  afterAll(async () => {
    setSharedServices(null);
    await database?.dispose();
  });

  it('creates, fills, edits, duplicates and submits a project through the routes', async () => {
    const created = await call(create, {
      projectName: 'Hospital wing',
      projectDesc: 'Level 2',
      regionName: 'US',
      token: engineer,
    });
    expect(created.status).toBe(200);
    const id = created.body.ID as string;
    expect(created.body.xp).toEqual({
      projectName: 'Hospital wing',
      projectDesc: 'Level 2',
      regionName: 'US',
    });

    const [first, second, third] = products as [string, string, string];
    const line = await call(addLine, { productName: first, projectId: id, qty: 3, token: engineer });
    expect(line.status).toBe(200);
    const many = await call(addProducts, {
      products: [
        { productName: second, qty: 2 },
        { productName: third, qty: 1 },
      ],
      ID: id,
      token: engineer,
    });
    expect(many.body.error ?? many.status).toBe(200);
    expect((many.body.LineItems as unknown[]).length).toBe(3);

    // All or nothing: one unknown product and the other one is not added either.
    const refused = await call(addProducts, {
      products: [
        { productName: first, qty: 1 },
        { productName: 'NO-SUCH', qty: 1 },
      ],
      ID: id,
      token: engineer,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.error).toMatch(/NO-SUCH|not found|Product/i);
    let sheet = await call(worksheet, { orderId: id, token: engineer });
    const lines = sheet.body.LineItems as { ID: string; ProductID: string; Quantity: number }[];
    expect(lines).toHaveLength(3);

    const firstLine = lines.find((l) => l.ProductID === first) as { ID: string };
    expect(
      (await call(updateLine, { lineItemId: firstLine.ID, projectId: id, qty: 7, token: engineer })).body
        .Quantity,
    ).toBe(7);
    expect((await call(addBrand, { brand: 'Northfield', ID: id, token: engineer })).body.xp).toMatchObject({
      brand: 'Northfield',
    });
    const packaging = await call(addPackaging, {
      products: [{ lineItemId: firstLine.ID, packagingOption: 'Bulk' }],
      ID: id,
      token: engineer,
    });
    expect(packaging.status).toBe(200);
    const badPackaging = await call(addPackaging, {
      products: [
        { lineItemId: firstLine.ID, packagingOption: 'standard' },
        { lineItemId: 'nope', packagingOption: 'standard' },
      ],
      ID: id,
      token: engineer,
    });
    expect(badPackaging.status).toBe(404);
    sheet = await call(worksheet, { orderId: id, token: engineer });
    expect(
      (sheet.body.LineItems as { ID: string; xp: { packagingOption?: string } }[]).find(
        (l) => l.ID === firstLine.ID,
      )?.xp.packagingOption,
    ).toBe('bulk');

    const thirdLine = lines.find((l) => l.ProductID === third) as { ID: string };
    expect(
      (await call(deleteLine, { lineItemId: thirdLine.ID, projectId: id, token: engineer }, {}, 'DELETE'))
        .status,
    ).toBe(200);

    const copy = await call(duplicate, { token: engineer, projectObj: { ID: id } });
    expect(copy.body.xp).toMatchObject({ projectName: 'Hospital wing (copy)', brand: 'Northfield' });
    const copySheet = await call(worksheet, { orderId: copy.body.ID, token: engineer });
    expect((copySheet.body.LineItems as unknown[]).length).toBe(2);
    const revision = await call(duplicate, {
      token: engineer,
      projectObj: { ID: id, nameSuffix: ' - rev B' },
    });
    expect(revision.body.xp).toMatchObject({ projectName: 'Hospital wing - rev B' });

    const submitted = await call(submit, { projectId: id, token: engineer });
    expect(submitted.status).toBe(200);
    expect(submitted.body.Status).not.toBe('Unsubmitted');
    // Read-only once submitted.
    expect(
      (await call(addLine, { productName: first, projectId: id, qty: 1, token: engineer })).status,
    ).toBeGreaterThanOrEqual(400);

    const open = await call(listAll, { submitted: false, token: engineer });
    const done = await call(listAll, { submitted: true, token: engineer });
    expect((open.body.Items as { ID: string }[]).map((p) => p.ID)).toContain(copy.body.ID);
    expect((done.body.Items as { ID: string }[]).map((p) => p.ID)).toEqual([id]);

    expect((await call(deleteProject, { orderID: copy.body.ID, token: engineer }, {}, 'DELETE')).status).toBe(
      200,
    );
    expect(
      (await call(deleteProject, { orderID: id, token: engineer }, {}, 'DELETE')).body.error,
    ).toBeTruthy();
  });

  it('quote quantities are not stock: adding, changing, duplicating and submitting take more than the stock', async () => {
    const product = products[0] as string;
    const [row] = await queryRows<{ stock: number }>(
      database.db,
      sql`select inventory_quantity_available as stock from products where id = ${product} and inventory_enabled`,
    );
    if (!row) throw new Error(`${product} does not track stock`);
    const created = await call(create, { projectName: 'Tower', regionName: 'US', token: engineer });
    const id = created.body.ID as string;
    const added = await call(addLine, {
      productName: product,
      projectId: id,
      qty: row.stock + 188,
      token: engineer,
    });
    expect(added.body.error ?? added.status).toBe(200);
    const sheet = await call(worksheet, { orderId: id, token: engineer });
    const [line] = sheet.body.LineItems as { ID: string }[];
    const changed = await call(updateLine, {
      lineItemId: line?.ID,
      projectId: id,
      qty: row.stock + 250,
      token: engineer,
    });
    expect(changed.body.error ?? changed.body.Quantity).toBe(row.stock + 250);
    const copy = await call(duplicate, { token: engineer, projectObj: { ID: id } });
    const copySheet = await call(worksheet, { orderId: copy.body.ID, token: engineer });
    expect((copySheet.body.LineItems as { Quantity: number }[])[0]?.Quantity).toBe(row.stock + 250);
    expect((await call(submit, { projectId: id, token: engineer })).status).toBe(200);
    const [after] = await queryRows<{ stock: number }>(
      database.db,
      sql`select inventory_quantity_available as stock from products where id = ${product}`,
    );
    expect(after?.stock).toBe(row.stock);
  });

  it('one line per product: adding a product already in the project raises its line, once per action', async () => {
    const [first, second] = products as [string, string];
    const created = await call(create, { projectName: 'Merge', regionName: 'US', token: engineer });
    const id = created.body.ID as string;
    const lines = async () =>
      (await call(worksheet, { orderId: id, token: engineer })).body.LineItems as {
        ID: string;
        ProductID: string;
        Quantity: number;
      }[];
    await call(addLine, { productName: first, projectId: id, qty: 3, token: engineer });
    const raised = await call(addLine, { productName: first, projectId: id, qty: 4, token: engineer });
    expect(raised.body.Quantity).toBe(7);
    expect((await lines()).map((l) => [l.ProductID, l.Quantity])).toEqual([[first, 7]]);

    // The same action sent twice (its answer lost): the quantity is raised once.
    const key = { 'idempotency-key': 'merge-action-0001' };
    const body = { productName: first, projectId: id, qty: 5, token: engineer };
    expect((await call(addLine, body, key)).body.Quantity).toBe(12);
    expect((await call(addLine, body, key)).body.Quantity).toBe(12);

    // Several at once, all or nothing: a refused one takes the raise back.
    const refused = await call(addProducts, {
      products: [
        { productName: first, qty: 1 },
        { productName: second, qty: 1 },
        { productName: 'NO-SUCH', qty: 1 },
      ],
      ID: id,
      token: engineer,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await lines()).map((l) => [l.ProductID, l.Quantity])).toEqual([[first, 12]]);

    // A product named twice in one action: its line is raised once, by both quantities.
    const twice = await call(
      addProducts,
      {
        products: [
          { productName: first, qty: 1 },
          { productName: first, qty: 2 },
        ],
        ID: id,
        token: engineer,
      },
      { 'idempotency-key': 'merge-action-0002' },
    );
    expect(twice.body.error ?? twice.status).toBe(200);
    expect((await lines()).map((l) => [l.ProductID, l.Quantity])).toEqual([[first, 15]]);

    // A line whose packaging was chosen stays as it is: the product gets a line of its own.
    const [line] = await lines();
    await call(addPackaging, {
      products: [{ lineItemId: line?.ID, packagingOption: 'Bulk' }],
      ID: id,
      token: engineer,
    });
    await call(addLine, { productName: first, projectId: id, qty: 2, token: engineer });
    expect((await lines()).map((l) => l.Quantity).sort((a, b) => a - b)).toEqual([2, 15]);
  });

  // Issue 22 item 10: the placeholder "Choose packaging" was stored as a line's packaging and shown as one.
  it('never stores a placeholder or any text but an option code as packaging', async () => {
    const created = await call(create, { projectName: 'Packaging', regionName: 'US', token: engineer });
    const id = created.body.ID as string;
    await call(addLine, { productName: products[0], projectId: id, qty: 1, token: engineer });
    const packagingOf = async () => {
      const sheet = await call(worksheet, { orderId: id, token: engineer });
      const [line] = sheet.body.LineItems as { ID: string; xp?: { packagingOption?: string } }[];
      return { lineItemId: line?.ID ?? '', option: line?.xp?.packagingOption };
    };
    const { lineItemId } = await packagingOf();
    for (const packagingOption of ['Choose packaging', 'Verpackung wählen', '', 'Carton']) {
      const refused = await call(addPackaging, {
        products: [{ lineItemId, packagingOption }],
        ID: id,
        token: engineer,
      });
      expect(refused.status, packagingOption).toBe(400);
      expect(refused.body.error).toMatch(/standard, bulk, individual, palletised/);
    }
    expect((await packagingOf()).option).toBeUndefined();
    // An option's code in any case is stored as the code.
    await call(addPackaging, {
      products: [{ lineItemId, packagingOption: ' Palletised ' }],
      ID: id,
      token: engineer,
    });
    expect((await packagingOf()).option).toBe('palletised');
  });

  it('adds the variant product with a quantity alone, as the variant of its default finish', async () => {
    const created = await call(create, { projectName: 'Variant', regionName: 'US', token: engineer });
    const id = created.body.ID as string;
    const added = await call(addLine, {
      productName: variantProduct,
      projectId: id,
      qty: 2,
      token: engineer,
    });
    expect(added.status).toBe(200);
    const sheet = await call(worksheet, { orderId: id, token: engineer });
    const [line] = sheet.body.LineItems as { ProductID: string; Variant?: { ID: string } | null }[];
    expect(line?.ProductID).toBe(variantProduct);
    expect(line?.Variant?.ID).toBe(`${variantProduct}-galv`);
  });

  it('submits a project once: a second submit, also at the same time, is refused and queues no second quote request', async () => {
    const created = await call(create, { projectName: 'Twice', regionName: 'US', token: engineer });
    const id = created.body.ID as string;
    expect(
      (await call(addLine, { productName: products[0], projectId: id, qty: 1, token: engineer })).status,
    ).toBe(200);
    const both = await Promise.all([
      call(submit, { projectId: id, token: engineer }),
      call(submit, { projectId: id, token: engineer }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body.error).toMatch(/submit/i);
    const again = await call(submit, { projectId: id, token: engineer });
    expect(again.status).toBe(400);
    const [queued] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from outbox where kind = 'quote-request' and payload->>'orderId' = ${id}`,
    );
    expect(queued?.n).toBe(1);
  });

  it('keeps projects of other regions out of the region filter', async () => {
    const eu = await call(create, { projectName: 'Depot', regionName: 'EU', token: engineer });
    const none = await call(create, { projectName: 'Plain', regionName: 'US', token: engineer });
    const us = (await call(listAll, { submitted: false, token: engineer })).body.Items as { ID: string }[];
    const inEu = (await call(listAll, { submitted: false, regionName: 'EU', token: engineer })).body
      .Items as { ID: string }[];
    expect(us.map((p) => p.ID)).toContain(none.body.ID);
    expect(us.map((p) => p.ID)).not.toContain(eu.body.ID);
    expect(inEu.map((p) => p.ID)).toEqual([eu.body.ID]);
  });

  it('projects in another region do not vanish: allRegions lists every region’s projects, grouped by region', async () => {
    const depot = await call(create, { projectName: 'Hamburg depot', regionName: 'EU', token: engineer });
    const tower = await call(create, { projectName: 'Tower', regionName: 'US', token: engineer });
    const everywhere = (await call(listAll, { submitted: false, allRegions: true, token: engineer })).body
      .Items as ClientProject[];
    const ids = everywhere.map((p) => p.ID);
    expect(ids).toContain(depot.body.ID);
    expect(ids).toContain(tower.body.ID);
    // Browsing de-EU: the EU project is here, the US one under the United States with an en-US link.
    const { here, elsewhere } = splitByRegion(everywhere, 'de-EU');
    expect(here.map((p) => p.ID)).toContain(depot.body.ID);
    expect(here.map((p) => p.ID)).not.toContain(tower.body.ID);
    const us = elsewhere.find((group) => group.region === 'US');
    expect(us?.locale).toBe('en-US');
    expect(us?.projects.map((p) => p.ID)).toContain(tower.body.ID);
  });

  it('refuses bad bodies, bad tokens, cross-site requests and other users’ projects, changing nothing', async () => {
    const mine = await call(create, { projectName: 'Mine', regionName: 'US', token: engineer });
    expect((await call(create, { projectName: '', regionName: 'Mars', token: engineer })).status).toBe(400);
    expect(
      (await call(addLine, { productName: products[0], projectId: mine.body.ID, qty: 0, token: engineer }))
        .status,
    ).toBe(400);
    expect(
      (await call(addLine, { productName: products[0], projectId: mine.body.ID, qty: 1.5, token: engineer }))
        .status,
    ).toBe(400);
    const tampered = await call(worksheet, { orderId: mine.body.ID, token: `${engineer.slice(0, -4)}AAAA` });
    expect(tampered.status).toBe(401);
    expect(tampered.body.error).toBe('Invalid token');
    const crossSite = await call(
      addLine,
      { productName: products[0], projectId: mine.body.ID, qty: 1, token: engineer },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    const foreign = await call(worksheet, { orderId: mine.body.ID, token: euBuyer });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(
      (await call(addLine, { productName: products[0], projectId: mine.body.ID, qty: 1, token: euBuyer }))
        .status,
    ).toBeGreaterThanOrEqual(400);
    const sheet = await call(worksheet, { orderId: mine.body.ID, token: engineer });
    expect(sheet.body.LineItems).toEqual([]);
  });
});
