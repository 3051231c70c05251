import { createCommerceService } from '@catalogue/commerce';
import { generateDataset } from '@catalogue/dataset';
import { datasetContent, productsSoldByThePiece } from '@catalogue/dataset/testing';
import { queryRows, setSharedDatabase } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { callService, setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { Auth, Me } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getAccessToken } from '../app/api/marketing/getAccessToken/route';
import { POST as postProjectDetails } from '../app/api/marketing/postProjectDetailsPardot/route';
import { POST as addLine } from '../app/api/ordercloud/Buyer/AddProductLineItem/route';
import { POST as create } from '../app/api/ordercloud/Buyer/createNewProject/route';
import { POST as submit } from '../app/api/ordercloud/Buyer/submitProjectforQuote/route';
import { configureInProcessCommerce } from '../data/commerce-sdk';

/**
 * Issue 20 item 7: a buyer queued a marketing push for another company's user with quantity 999,999.
 * `postProjectDetailsPardot` now pushes only the caller's own submitted project as the commerce service
 * stores it: another user's project, made-up lines, quantities or users are refused, nothing queued.
 */

const BASE = 'http://localhost';
const json = (value: unknown) => JSON.stringify(value);

describe(`marketing push on ${testDriver()}`, () => {
  let database: TestDatabase;
  const tokens: Record<string, string> = {};
  let engineerId = '';
  let submitted = '';
  let draft = '';
  let product = '';

  const buyerCall = (handler: (r: Request) => Promise<Response>, body: unknown) =>
    handler(
      new Request(`${BASE}/api/ordercloud/Buyer/x`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'localhost' },
        body: json(body),
      }),
    );

  const newProject = async (name: string, quantity: number) => {
    const token = encodeURIComponent(tokens.engineer as string);
    const created = await buyerCall(create, {
      projectName: name,
      projectDesc: 'Level 2',
      regionName: 'US',
      token,
    });
    const id = ((await created.json()) as { ID: string }).ID;
    const added = await buyerCall(addLine, { productName: product, projectId: id, qty: quantity, token });
    expect(added.status).toBe(200);
    return id;
  };

  const marketingToken = async (user: string) => {
    const response = await getAccessToken(
      new NextRequest(`${BASE}/api/marketing/getAccessToken`, {
        headers: { host: 'localhost', cookie: `UserToken=${encodeURIComponent(tokens[user] as string)}` },
      }),
    );
    return ((await response.json()) as { access_token: string }).access_token;
  };

  /** Pushes as `user` (their UserToken cookie) with a marketing token of `tokenOf` (default: the same user). */
  const push = async (user: string, projectDetails: Record<string, unknown>, tokenOf = user) =>
    postProjectDetails(
      new NextRequest(`${BASE}/api/marketing/postProjectDetailsPardot`, {
        method: 'POST',
        headers: {
          host: 'localhost',
          'content-type': 'application/json',
          cookie: `UserToken=${encodeURIComponent(tokens[user] as string)}`,
        },
        body: json({ projectDetails, token: await marketingToken(tokenOf) }),
      }),
    );

  const pushes = async () =>
    queryRows<{ payload: { projectDetails: Record<string, unknown>; pushedBy: string } }>(
      database.db,
      sql`select payload from outbox where kind = 'marketing-push' and payload ? 'pushedBy' order by id`,
    );

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(120));
    setSharedDatabase(database);
    setSharedServices([createCommerceService(database, { basePath: '/ordercloud' })]);
    configureInProcessCommerce();
    for (const username of ['engineer', 'employee', 'eu-buyer'])
      tokens[username] = (await Auth.Login(username, 'Buyer#2026', 'storefront')).access_token;
    engineerId = (await Me.Get({ accessToken: tokens.engineer })).ID;
    const visible = await Me.ListProducts(
      { catalogID: 'catalog-us', pageSize: 100 },
      { accessToken: tokens.engineer },
    );
    const usable = productsSoldByThePiece(generateDataset({ skus: 120 }), 40);
    product = visible.Items.find((p) => usable.has(p.ID))?.ID ?? '';
    submitted = await newProject('Hospital wing', 3);
    // The order's sender snapshot is the sender's to edit: it must not put someone else in the push.
    const edited = await callService('commerce', `/v1/orders/Outgoing/${submitted}/fromuser`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${tokens.engineer}`, 'content-type': 'application/json' },
      body: json({ Email: 'ceo@nordlicht-elektro.example', FirstName: 'Someone', LastName: 'Else' }),
    });
    expect(edited.status).toBe(200);
    const sent = await buyerCall(submit, {
      projectId: submitted,
      token: encodeURIComponent(tokens.engineer as string),
    });
    expect(sent.status).toBe(200);
    draft = await newProject('Still drafting', 2);
  }, 120_000);

  afterAll(async () => {
    setSharedServices(null);
    setSharedDatabase(null);
    await database?.dispose();
  });

  it('queues the caller’s own submitted project as stored, once, whatever the body leaves out', async () => {
    const before = (await pushes()).length;
    const first = await push('engineer', {
      projectId: submitted,
      lines: [{ productId: product, quantity: 3 }],
    });
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ queued: true, duplicate: false });
    const again = await push('engineer', { projectId: submitted });
    expect(await again.json()).toMatchObject({ queued: true, duplicate: true });
    const queued = await pushes();
    expect(queued).toHaveLength(before + 1);
    expect(queued.at(-1)?.payload).toEqual({
      pushedBy: engineerId,
      projectDetails: expect.objectContaining({
        projectId: submitted,
        projectName: 'Hospital wing',
        regionName: 'US',
        submittedAt: expect.any(String),
        company: { id: 'ACME-US', name: expect.any(String) },
        user: {
          username: 'engineer',
          firstName: 'Priya',
          lastName: 'Raman',
          email: 'engineer@acme-electrical.example',
        },
        lines: [expect.objectContaining({ productId: product, quantity: 3 })],
      }),
    });
  });

  it('refuses another user’s project, made-up quantities, lines and users, and drafts, queuing nothing', async () => {
    const before = (await pushes()).length;
    const cases: [Promise<Response>, number, RegExp][] = [
      // The tester's push: another company's buyer, a stranger's project, a made-up quantity.
      [
        push('eu-buyer', { projectId: submitted, lines: [{ productId: product, quantity: 999_999 }] }),
        404,
        /not found/i,
      ],
      // A colleague of the same company.
      [push('employee', { projectId: submitted }), 404, /not found/i],
      [
        push('engineer', { projectId: submitted, lines: [{ productId: product, quantity: 999_999 }] }),
        422,
        /lines\[0\]\.quantity/,
      ],
      [
        push('engineer', { projectId: submitted, lines: [{ productId: 'NOT-IN-IT', quantity: 3 }] }),
        422,
        /lines/,
      ],
      [push('engineer', { projectId: submitted, user: { username: 'eu-buyer' } }), 422, /user\.username/],
      [
        push('engineer', {
          projectId: submitted,
          user: { username: 'engineer', email: 'ceo@nordlicht-elektro.example' },
        }),
        422,
        /user\.email/,
      ],
      [push('engineer', { projectId: submitted, company: { id: 'NORD-EU', name: 'x' } }), 422, /company\.id/],
      [push('engineer', { projectId: draft }), 409, /not submitted/],
      [push('engineer', { projectId: 'made-up' }), 404, /not found/i],
      // Someone else's marketing token with the engineer's session.
      [push('engineer', { projectId: submitted }, 'employee'), 403, /another user/],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      const answer = (await response.json()) as { error: string };
      expect([response.status, answer.error]).toEqual([status, expect.stringMatching(message)]);
    }
    const anonymous = await postProjectDetails(
      new NextRequest(`${BASE}/api/marketing/postProjectDetailsPardot`, {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        body: json({ projectDetails: { projectId: submitted }, token: await marketingToken('engineer') }),
      }),
    );
    expect(anonymous.status).toBe(401);
    expect(await pushes()).toHaveLength(before);
  });
});
