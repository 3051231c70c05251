import { createCommerceService } from '@catalogue/commerce';
import { datasetContent } from '@catalogue/dataset/testing';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { callService, setSharedServices } from '@catalogue/service-kit/shared';
import { Me, Products } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import { createFavoriteProducts, getFavoriteProducts, updateFavoriteProducts } from './favourite-routes';
import type { FavouriteList } from './favourite-types';

/**
 * The favourites routes against the real commerce service, in-process as in the single server, on a
 * fresh database with the demo identities: what a logged-in buyer (and an attacker) gets from them.
 */

type Handler = (request: Request) => Promise<Response>;

async function login(username: string, clientId = 'storefront', password = 'Buyer#2026'): Promise<string> {
  const answer = await callService('commerce', '/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: clientId,
      username,
      password,
      scope: 'Shopper FullAccess',
    }),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login of ${username} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

async function adminToken(): Promise<string> {
  const answer = await callService('commerce', '/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-console',
      client_secret: 'admin-console-secret',
      username: 'admin',
      password: 'Admin#2026',
      scope: 'FullAccess',
    }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

function call(handler: Handler, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return handler(
    new Request('http://127.0.0.1:3000/api/ordercloud/Buyer/X', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

async function ok(handler: Handler, data: Record<string, unknown>): Promise<FavouriteList> {
  const answer = await call(handler, { data });
  const body = await answer.json();
  expect(answer.status, JSON.stringify(body)).toBe(200);
  return body as FavouriteList;
}

interface Refusal {
  status: number;
  error: string;
  code?: string;
  data?: Record<string, unknown>;
  issues?: { path: string; message: string }[];
}

async function refused(answer: Promise<Response>): Promise<Refusal> {
  const response = await answer;
  return { status: response.status, ...((await response.json()) as Omit<Refusal, 'status'>) };
}

/** A JWT-shaped token with the given claims and a signature nobody made. */
function forged(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

describe(`favourites routes on ${testDriver()}`, () => {
  let database: TestDatabase;
  let engineer: string;
  let visible: string[];
  const ids = (list: FavouriteList) => list.Items.map((p) => p.ID);

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(60));
    setSharedServices([createCommerceService(database, { basePath: '/ordercloud' })]);
    configureInProcessCommerce();
    engineer = await login('engineer');
    visible = (
      await Me.ListProducts({ pageSize: 4, sortBy: ['ID'] as never }, { accessToken: engineer })
    ).Items.map((p) => p.ID);
    expect(visible).toHaveLength(4);
    await Products.Create(
      { ID: 'FAV-HIDDEN', Name: 'In no catalog', Active: true },
      { accessToken: await adminToken() },
    );
  });
  afterAll(async () => {
    setSharedServices(null);
    await database?.dispose();
  });

  it('answers an empty list before the list exists, creates it once, adds and removes products', async () => {
    const [a, b, c] = visible as [string, string, string];
    expect(await ok(getFavoriteProducts, { token: engineer })).toEqual({ ID: null, Items: [] });
    const missing = await refused(
      call(updateFavoriteProducts, {
        data: { token: engineer, id: 'favourites-engineer', newData: { add: [a] } },
      }),
    );
    expect(missing.status).toBe(404);
    expect(missing.error).toMatch(/CreateFavoriteProducts/);

    const created = await ok(createFavoriteProducts, { token: engineer });
    expect(created).toEqual({ ID: 'favourites-engineer', Items: [] });
    // Idempotent; the token may be URI-encoded as spec §7 sends it.
    expect(
      await ok(createFavoriteProducts, { token: encodeURIComponent(engineer).replaceAll('.', '%2E') }),
    ).toEqual(created);

    const added = await ok(updateFavoriteProducts, {
      token: engineer,
      id: created.ID,
      newData: { add: [b, a, b] },
    });
    expect(ids(added)).toEqual([b, a]);
    const product = await Me.GetProduct(a, undefined, { accessToken: engineer });
    expect(added.Items[1]).toMatchObject({
      ID: a,
      CatalogueNumber: a,
      Name: product.Name,
      Names: (product.xp as { Names: Record<string, string> }).Names,
      CategoryID: (product.xp as { CategoryID: string }).CategoryID,
      FamilyPath: `/products/${(product.xp as { CategoryID: string }).CategoryID.replaceAll('.', '/')}`,
    });
    expect(Date.parse(added.Items[1]?.DateAdded ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(added.Items[1]?.Names ?? {})).toEqual(
      expect.arrayContaining(['en', 'fr', 'de', 'nl']),
    );

    // Adding what is there and removing what is not change nothing; remove and add in one change.
    const changed = await ok(updateFavoriteProducts, {
      token: engineer,
      id: created.ID,
      newData: { add: [a, c], remove: [b, visible[3]] },
    });
    expect(ids(changed)).toEqual([a, c]);
    expect(ids(await ok(getFavoriteProducts, { token: engineer }))).toEqual([a, c]);
  });

  it('refuses a product the user may not see, or that does not exist, and changes nothing', async () => {
    const before = ids(await ok(getFavoriteProducts, { token: engineer }));
    for (const add of [['FAV-HIDDEN'], [visible[1] as string, 'NO-SUCH-PRODUCT']]) {
      const refusal = await refused(
        call(updateFavoriteProducts, {
          data: { token: engineer, id: 'favourites-engineer', newData: { add } },
        }),
      );
      expect(refusal.status).toBe(404);
      expect(refusal).toMatchObject({ code: 'NotFound', data: { ObjectType: 'Product' } });
      expect(refusal.error).toContain(add.at(-1));
      expect(refusal.error).not.toContain(visible[1]);
    }
    expect(ids(await ok(getFavoriteProducts, { token: engineer }))).toEqual(before);
  });

  it('keeps each user to their own list', async () => {
    const employee = await login('employee');
    expect(await ok(getFavoriteProducts, { token: employee })).toEqual({ ID: null, Items: [] });
    const other = await refused(
      call(updateFavoriteProducts, {
        data: { token: employee, id: 'favourites-engineer', newData: { remove: [visible[0]] } },
      }),
    );
    expect(other.status).toBe(404);
    expect(other.error).toMatch(/favourites-employee/);
    const own = await ok(createFavoriteProducts, { token: employee });
    expect(own.ID).toBe('favourites-employee');
    // Another company's user with the same routes has a list of their own.
    const eu = await login('eu-buyer');
    expect(await ok(getFavoriteProducts, { token: eu })).toEqual({ ID: null, Items: [] });
    expect(ids(await ok(getFavoriteProducts, { token: engineer }))).toHaveLength(2);
  });

  it('refuses bad bodies with a 400 naming every problem, and changes nothing', async () => {
    const before = ids(await ok(getFavoriteProducts, { token: engineer }));
    const cases: [unknown, (string | RegExp)[]][] = [
      [{}, ['data']],
      [{ data: { token: engineer, extra: 1 } }, ['data.id', 'data.newData', 'data']],
      [{ data: { token: engineer, id: 'favourites-engineer' } }, ['data.newData']],
      [{ data: { token: engineer, id: 'favourites-engineer', newData: {} } }, [/at least one product/]],
      [
        { data: { token: engineer, id: 'favourites-engineer', newData: { add: ['a b', 7], remove: 'x' } } },
        ['data.newData.add.0', 'data.newData.add.1', 'data.newData.remove'],
      ],
      [
        { data: { token: engineer, id: 'favourites-engineer', newData: { add: ['A-1'], remove: ['A-1'] } } },
        [/both added and removed/],
      ],
      [{ data: { token: engineer, id: '', newData: { add: ['A-1'] } } }, ['data.id']],
      [{ data: { token: engineer, id: 'x', newData: { add: Array(101).fill('A-1') } } }, [/at most 100/]],
    ];
    for (const [body, expected] of cases) {
      const refusal = await refused(call(updateFavoriteProducts, body));
      expect(refusal.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refusal.error).toMatch(/^Invalid body: /);
      expect(refusal.issues).toHaveLength(expected.length);
      for (const [index, issue] of (refusal.issues ?? []).entries()) {
        const want = expected[index];
        if (typeof want === 'string') expect(issue.path).toBe(want);
        else expect(issue.message).toMatch(want as RegExp);
      }
    }
    expect(await refused(call(getFavoriteProducts, '{not json'))).toMatchObject({
      status: 400,
      error: 'The body must be JSON.',
    });
    expect(ids(await ok(getFavoriteProducts, { token: engineer }))).toEqual(before);
  });

  it('answers 401 for a missing, malformed or forged token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'A user token is required.'],
      [{ token: '' }, 'A user token is required.'],
      [{ token: 'not-a-token' }, 'Invalid token'],
      [{ token: '%E0%A4%A' }, 'Invalid token'],
      // Well-formed, unexpired, but signed by nobody.
      [{ token: forged({ u: 'engineer', usr: 'engineer', exp: now + 600 }) }, 'Invalid token'],
    ];
    for (const handler of [getFavoriteProducts, createFavoriteProducts, updateFavoriteProducts]) {
      for (const [data, message] of cases) {
        const body =
          handler === updateFavoriteProducts ? { ...data, id: 'x', newData: { add: ['A-1'] } } : data;
        expect(await refused(call(handler, { data: body }))).toMatchObject({ status: 401, error: message });
      }
    }
  });

  it('refuses changes a browser sends from another site', async () => {
    const before = ids(await ok(getFavoriteProducts, { token: engineer }));
    const body = { data: { token: engineer, id: 'favourites-engineer', newData: { remove: before } } };
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      for (const handler of [createFavoriteProducts, updateFavoriteProducts]) {
        expect(await refused(call(handler, body, headers))).toMatchObject({
          status: 403,
          error: 'Cross-site requests are not allowed.',
        });
      }
    }
    expect(ids(await ok(getFavoriteProducts, { token: engineer }))).toEqual(before);
    // The site's own pages may.
    const same = await call(
      updateFavoriteProducts,
      { data: { ...body.data, newData: { remove: [before[0]] } } },
      { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:3000' },
    );
    expect(same.status).toBe(200);
    const origin = await call(
      updateFavoriteProducts,
      { data: { ...body.data, newData: { add: [before[0]] } } },
      { origin: 'http://127.0.0.1:3000' },
    );
    expect(origin.status).toBe(200);
  });

  it("passes the commerce service's refusal on: anonymous shoppers keep no favourites", async () => {
    const anonymous = await callService('commerce', '/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'storefront-catalog-us',
        scope: 'Shopper',
      }),
    });
    const token = ((await anonymous.json()) as { access_token: string }).access_token;
    const refusal = await refused(call(createFavoriteProducts, { data: { token } }));
    expect(refusal).toMatchObject({ status: 403, code: 'InvalidUserType' });
    expect(refusal.error).toMatch(/Anonymous/);
  });
});
