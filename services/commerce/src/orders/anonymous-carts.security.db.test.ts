import { generateDataset } from '@catalogue/dataset';
import { datasetContent, productsSoldByThePiece } from '@catalogue/dataset/testing';
import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerceService } from '../app';
import { commerceConfigFromEnv } from '../config';
import { deleteAbandonedAnonymousCarts } from './anonymous-carts';

/**
 * Issue 20 item 6's class in the commerce service: anyone can mint anonymous shopper tokens, and each
 * can fill a cart. Untouched anonymous carts are now deleted after COMMERCE_ANONYMOUS_CART_DAYS, so what
 * anonymous callers write stays bounded; nobody else's orders are touched.
 */

let database: TestDatabase;
let service: ReturnType<typeof createCommerceService>;
let product = '';

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const answer = await service.fetch(
    new Request(`http://commerce.test${path}`, {
      method,
      headers: {
        'content-type':
          body instanceof URLSearchParams ? 'application/x-www-form-urlencoded' : 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: body instanceof URLSearchParams ? body : JSON.stringify(body) }),
    }),
  );
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null };
}

async function token(form: Record<string, string>): Promise<string> {
  const answer = await call('POST', '/oauth/token', null, new URLSearchParams(form));
  expect(answer.status).toBe(200);
  return answer.body.access_token;
}

/** A cart with one line, as the token's shopper; answers the order's ID. */
async function cartOf(accessToken: string): Promise<string> {
  const line = await call('POST', '/v1/cart/lineitems', accessToken, { ProductID: product, Quantity: 2 });
  expect(line.status, JSON.stringify(line.body)).toBe(201);
  return (await call('GET', '/v1/cart', accessToken, undefined)).body.ID;
}

async function orderIds(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(database.db, sql`select id from orders order by id`);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  database = await createTestDatabase(undefined, datasetContent(60));
  service = createCommerceService(database, { basePath: '' });
  const anonymous = await token({ grant_type: 'client_credentials', client_id: 'storefront-catalog-us' });
  const visible = await call('GET', '/v1/me/products?pageSize=100', anonymous);
  const usable = productsSoldByThePiece(generateDataset({ skus: 60 }), 40);
  product = (visible.body.Items as { ID: string }[]).find((p) => usable.has(p.ID))?.ID ?? '';
  expect(product).not.toBe('');
});

afterAll(async () => {
  service?.stop();
  await database?.dispose();
});

describe('anonymous carts', () => {
  it('are deleted with their lines once untouched for the configured days; no other order is', async () => {
    const anonymousForm = { grant_type: 'client_credentials', client_id: 'storefront-catalog-us' };
    const abandoned = await cartOf(await token(anonymousForm));
    const recent = await cartOf(await token(anonymousForm));
    const buyer = await cartOf(
      await token({
        grant_type: 'password',
        client_id: 'storefront',
        username: 'engineer',
        password: 'Buyer#2026',
      }),
    );
    await database.db.execute(
      sql`update orders set last_updated = now() - interval '31 days' where id in (${abandoned}, ${buyer})`,
    );
    const deleted = await Promise.all([
      deleteAbandonedAnonymousCarts(database.db, 30),
      deleteAbandonedAnonymousCarts(database.db, 30),
    ]);
    expect(deleted[0] + deleted[1]).toBe(1);
    const left = await orderIds();
    expect(left).not.toContain(abandoned);
    expect(left).toEqual(expect.arrayContaining([recent, buyer]));
    const lines = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from line_items where order_id = ${abandoned}`,
    );
    expect(lines[0]?.n).toBe(0);
  });

  it('are kept 30 days by default, for ever with 0, and a bad value is refused', () => {
    expect(commerceConfigFromEnv({}).COMMERCE_ANONYMOUS_CART_DAYS).toBe(30);
    expect(commerceConfigFromEnv({ COMMERCE_ANONYMOUS_CART_DAYS: '0' }).COMMERCE_ANONYMOUS_CART_DAYS).toBe(0);
    expect(() => commerceConfigFromEnv({ COMMERCE_ANONYMOUS_CART_DAYS: '-1' })).toThrow(
      /COMMERCE_ANONYMOUS_CART_DAYS/,
    );
  });
});
