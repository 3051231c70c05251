import { createCommerceService } from '@catalogue/commerce';
import { datasetContent } from '@catalogue/dataset/testing';
import { setSharedDatabase } from '@catalogue/db';
import { createTestDatabase, holdAllConnections, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { NextRequest } from 'next/server';
import { Auth } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureInProcessCommerce } from '../../data/commerce-sdk';
import { POST as createProject } from './ordercloud/Buyer/createNewProject/route';
import { POST as getFavourites } from './ordercloud/Buyer/GetFavoriteProducts/route';
import { POST as sendEmail } from './sendEmail/route';

/**
 * The storefront's `/api/*` routes pass a busy service's 503 on with Retry-After (issue 20 item 9): the
 * commerce service refusing for want of a connection (project and favourites routes, through the SDK
 * in-process) and the database refusing an outbox row (`/api/sendEmail`) — never a 500 or 502.
 */
describe(`storefront routes while the database is busy on ${testDriver()}`, () => {
  let database: TestDatabase;
  let token = '';
  let userId = '';

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(60), { poolSize: 2, poolWaitMs: 100 });
    setSharedDatabase(database);
    setSharedServices([createCommerceService(database, { basePath: '/ordercloud' })]);
    configureInProcessCommerce();
    const auth = await Auth.Login('engineer', 'Buyer#2026', 'storefront');
    token = auth.access_token;
    userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).usr;
  });
  afterAll(async () => {
    setSharedDatabase(null);
    await database?.dispose();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new NextRequest(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'localhost', ...headers },
      body: JSON.stringify(body),
    });

  async function whileBusy(call: () => Promise<Response>): Promise<Response> {
    const release = await holdAllConnections(database);
    try {
      return await call();
    } finally {
      await release();
    }
  }

  async function expectBusy(response: Response) {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: string }).error).toMatch(/busy/);
  }

  it('answers 503 with Retry-After from the project, favourites and mail routes, then works again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const project = { projectName: 'Busy', regionName: 'US', token: encodeURIComponent(token) };
    const favourites = () =>
      getFavourites(
        post('/api/ordercloud/Buyer/GetFavoriteProducts', { data: { token: encodeURIComponent(token) } }),
      );
    const mail = { variables: { userId, subject: 'Project', body: 'Hello' } };
    const cookie = { cookie: `UserToken=${encodeURIComponent(token)}` };
    // Before any token was verified, the signing key itself cannot be read.
    await expectBusy(
      await whileBusy(() => createProject(post('/api/ordercloud/Buyer/createNewProject', project))),
    );
    expect((await favourites()).status).toBe(200);
    // With the key known, the commerce service's own refusal and the outbox row's.
    await expectBusy(
      await whileBusy(() => createProject(post('/api/ordercloud/Buyer/createNewProject', project))),
    );
    await expectBusy(await whileBusy(favourites));
    await expectBusy(await whileBusy(() => sendEmail(post('/api/sendEmail', mail, cookie))));
    vi.restoreAllMocks();
    expect((await createProject(post('/api/ordercloud/Buyer/createNewProject', project))).status).toBe(200);
    expect((await sendEmail(post('/api/sendEmail', mail, cookie))).status).toBe(202);
  });
});
