import { createCommerceService } from '@catalogue/commerce';
import { favouritesCollectionIds } from '@catalogue/commerce/favourites-ids';
import { datasetContent } from '@catalogue/dataset/testing';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { callService, setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { Me } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import { createFavoriteProducts, getFavoriteProducts, updateFavoriteProducts } from './favourite-routes';

/**
 * Issue 20 item 7: a colleague could create `favourites-<user>` and break that user's favourites for good
 * (409 Favourites.IdTaken). The commerce service now refuses an ID reserved for another user's favourites
 * (creating or renaming), and the storefront keeps a user's favourites under their second ID when an old
 * database already has the first taken.
 */

type Handler = (request: Request) => Promise<Response>;

async function login(username: string): Promise<string> {
  const answer = await callService('commerce', '/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'storefront',
      username,
      password: 'Buyer#2026',
    }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** A call of the commerce service's /me/productcollections as the token's user. */
async function collections(method: string, path: string, token: string, body?: unknown) {
  const answer = await callService('commerce', `/v1/me/productcollections${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null };
}

async function route(handler: Handler, data: Record<string, unknown>) {
  const answer = await handler(
    new Request('http://127.0.0.1:3000/api/ordercloud/Buyer/X', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    }),
  );
  return {
    status: answer.status,
    body: (await answer.json()) as { ID: string | null; Items: { ID: string }[] },
  };
}

describe(`reserved favourites IDs on ${testDriver()}`, () => {
  let database: TestDatabase;
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(60));
    setSharedServices([createCommerceService(database, { basePath: '/ordercloud' })]);
    configureInProcessCommerce();
    for (const username of ['engineer', 'employee', 'prefab']) {
      tokens[username] = await login(username);
      userIds[username] = decodeJwt(tokens[username] as string).u as string;
    }
  });
  afterAll(async () => {
    setSharedServices(null);
    await database?.dispose();
  });

  it('refuses a colleague taking another user’s favourites ID, by creating or by renaming', async () => {
    const [plain, second] = favouritesCollectionIds(userIds.engineer as string);
    const reserved = { Errors: [{ ErrorCode: 'ProductCollection.ReservedID' }] };
    for (const id of [plain, second]) {
      const created = await collections('POST', '', tokens.employee as string, { ID: id, Name: 'Mine now' });
      expect(created).toMatchObject({ status: 403, body: reserved });
      const put = await collections('PUT', `/${id}`, tokens.employee as string, { Name: 'Mine now' });
      expect(put).toMatchObject({ status: 403, body: reserved });
    }
    // An ordinary collection of the colleague's cannot be renamed to it either.
    expect(
      (await collections('POST', '', tokens.employee as string, { ID: 'my-list', Name: 'List' })).status,
    ).toBe(201);
    const renamed = await collections('PATCH', '/my-list', tokens.employee as string, { ID: plain });
    expect(renamed).toMatchObject({ status: 403, body: reserved });
    // Nor a favourites ID of a user who does not exist yet.
    const future = await collections('POST', '', tokens.employee as string, {
      ID: 'favourites-next-hire',
      Name: 'x',
    });
    expect(future.status).toBe(403);

    // The user's own favourites go where they belong.
    const own = await route(createFavoriteProducts, { token: tokens.engineer });
    expect(own).toEqual({ status: 200, body: { ID: plain, Items: [] } });
    expect((await collections('GET', `/${plain}`, tokens.engineer as string)).body).toMatchObject({
      ID: plain,
      AccessLevel: 'Private',
    });
  });

  it('keeps a user’s favourites working when an old database has their ID taken by a colleague', async () => {
    const [plain, second] = favouritesCollectionIds(userIds.prefab as string);
    // Taken before the rule existed: a Public one the user can see, the database written as it was then.
    await database.db.execute(
      sql`insert into product_collections (buyer_id, id, owner_user_id, name, access_level)
          values ('ACME-US', ${plain}, ${userIds.employee}, 'Squatted', 'Public')`,
    );
    expect(await route(getFavoriteProducts, { token: tokens.prefab })).toEqual({
      status: 200,
      body: { ID: null, Items: [] },
    });
    const created = await route(createFavoriteProducts, { token: tokens.prefab });
    expect(created).toEqual({ status: 200, body: { ID: second, Items: [] } });
    const [product] = (await Me.ListProducts({ pageSize: 1 }, { accessToken: tokens.prefab })).Items;
    const updated = await route(updateFavoriteProducts, {
      token: tokens.prefab,
      id: second,
      newData: { add: [product?.ID] },
    });
    expect(updated.status).toBe(200);
    expect((await route(getFavoriteProducts, { token: tokens.prefab })).body).toEqual({
      ID: second,
      Items: [expect.objectContaining({ ID: product?.ID })],
    });
    // The squatter's collection is left as it was.
    expect((await collections('GET', `/${plain}`, tokens.employee as string)).body).toMatchObject({
      Name: 'Squatted',
    });
  });
});
