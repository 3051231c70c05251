import { createCommerceService } from '@catalogue/commerce';
import { generateDataset } from '@catalogue/dataset';
import { datasetContent, productsSoldByThePiece } from '@catalogue/dataset/testing';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { Auth, Me } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as addLine } from '../app/api/ordercloud/Buyer/AddProductLineItem/route';
import { POST as create } from '../app/api/ordercloud/Buyer/createNewProject/route';
import { POST as duplicate } from '../app/api/ordercloud/Buyer/DuplicateProject/route';
import { POST as submit } from '../app/api/ordercloud/Buyer/submitProjectforQuote/route';
import { configureInProcessCommerce } from '../data/commerce-sdk';

/**
 * The storefront passes the browser's Idempotency-Key of a user action to the commerce service (issue 20
 * item 10: a double click made two projects): the same action sent twice, at once or one after the other,
 * makes one project, one copy, one line, one submission; another key is another action.
 */

type Handler = (request: Request) => Promise<Response>;

describe(`idempotent project actions on ${testDriver()}`, () => {
  let database: TestDatabase;
  let token = '';
  let product = '';

  const call = async (handler: Handler, body: Record<string, unknown>, key?: string) => {
    const response = await handler(
      new Request('http://localhost/api/ordercloud/Buyer/x', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify({ ...body, token }),
      }),
    );
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & { error?: string },
    };
  };

  async function projectsNamed(name: string) {
    const all = await Me.ListOrders(
      { filters: { 'xp.projectName': name }, pageSize: 100 },
      { accessToken: decodeURIComponent(token) },
    );
    return all.Items;
  }

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(120));
    setSharedServices([createCommerceService(database, { basePath: '/ordercloud' })]);
    configureInProcessCommerce();
    token = encodeURIComponent((await Auth.Login('engineer', 'Buyer#2026', 'storefront')).access_token);
    const usable = productsSoldByThePiece(generateDataset({ skus: 120 }), 5);
    const visible = await Me.ListProducts(
      { catalogID: 'catalog-us', pageSize: 100 },
      { accessToken: decodeURIComponent(token) },
    );
    product = visible.Items.find((p) => usable.has(p.ID))?.ID ?? '';
    if (!product) throw new Error('no product sold by the piece');
  }, 120_000);
  afterAll(async () => {
    setSharedServices(null);
    await database?.dispose();
  });

  it('makes one project of two identical creates with one key, at once or one after the other', async () => {
    const body = { projectName: 'Double click', projectDesc: '', regionName: 'US' };
    const key = '0f3c2a9e8b7d6c5f4e3d2c1b0a998877';
    const [first, second] = await Promise.all([call(create, body, key), call(create, body, key)]);
    const retry = await call(create, body, key);
    expect([first.status, second.status, retry.status]).toEqual([200, 200, 200]);
    expect(second.body.ID).toBe(first.body.ID);
    expect(retry.body.ID).toBe(first.body.ID);
    expect(await projectsNamed('Double click')).toHaveLength(1);
    // Another action (another key) is another project; without a key every call is one.
    await call(create, body, 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
    await call(create, body);
    expect(await projectsNamed('Double click')).toHaveLength(3);
  });

  it('makes one copy with every line, one line and one submission of actions sent twice with their key', async () => {
    const source = await call(create, { projectName: 'Source', projectDesc: 'd', regionName: 'US' });
    const projectId = source.body.ID as string;
    const lineKey = 'line-0123456789abcdef';
    const lines = await Promise.all([
      call(addLine, { productName: product, projectId, qty: 2 }, lineKey),
      call(addLine, { productName: product, projectId, qty: 2 }, lineKey),
    ]);
    expect(lines.map((l) => l.status)).toEqual([200, 200]);
    expect(lines[1]?.body.ID).toBe(lines[0]?.body.ID);

    const copyKey = 'copy-0123456789abcdef';
    const copies = await Promise.all([
      call(duplicate, { projectObj: { ID: projectId } }, copyKey),
      call(duplicate, { projectObj: { ID: projectId } }, copyKey),
    ]);
    expect(copies.map((c) => c.status)).toEqual([200, 200]);
    expect(copies[1]?.body.ID).toBe(copies[0]?.body.ID);
    const copied = await projectsNamed('Source (copy)');
    expect(copied).toHaveLength(1);
    expect(copied[0]?.LineItemCount).toBe(1);

    const submitKey = 'submit-0123456789abcdef';
    const submitted = [
      await call(submit, { projectId }, submitKey),
      await call(submit, { projectId }, submitKey),
    ];
    expect(submitted.map((s) => s.status)).toEqual([200, 200]);
    expect(submitted[1]?.body.DateSubmitted).toBe(submitted[0]?.body.DateSubmitted);
    // Without the key, submitting again is refused: the key is what made the second answer the first's.
    expect((await call(submit, { projectId })).status).toBeGreaterThanOrEqual(400);
  });

  it('refuses a malformed key before doing anything', async () => {
    const answer = await call(create, { projectName: 'Bad key', regionName: 'US' }, 'short');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/Idempotency-Key/);
    expect(await projectsNamed('Bad key')).toHaveLength(0);
  });
});
