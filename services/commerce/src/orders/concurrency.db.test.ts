import { type Database, openDatabase } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { Products } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCommerce } from '../testing/commerce-server';
import { buyableProducts, rawClient } from '../testing/orders';
import { commerceForTests, loginAs } from '../testing/sdk';

/**
 * Every order action is one transaction holding the order's row lock, and stock rows are locked when
 * taken: concurrent requests queue instead of racing. On PostgreSQL the requests are spread over three
 * instances of the service (each with its own connection pool) over one database, as in a scale-out; on
 * PGlite (one opener per database) over the one instance.
 */
describe(`concurrent order actions on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  const extra: { database: Database; close(): Promise<void> }[] = [];
  let clients: ReturnType<typeof rawClient>[] = [];
  let products: string[] = [];

  /** The n-th request's client: round robin over the instances. */
  const via = (n: number) => clients[n % clients.length] as ReturnType<typeof rawClient>;

  beforeAll(async () => {
    products = await buyableProducts(2);
    const token = await loginAs('employee');
    const bases = [commerce().baseUrl];
    if (testDriver() === 'postgres') {
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({
          driver: 'postgres',
          url: commerce().database.url ?? '',
          poolSize: 5,
        });
        const instance = await serveCommerce(database);
        extra.push({ database, close: instance.close });
        bases.push(instance.baseUrl);
      }
    }
    clients = bases.map((base) => rawClient(base, token));
  });
  afterAll(async () => {
    for (const instance of extra) {
      await instance.close();
      await instance.database.close();
    }
  });

  it('submits one order once when 50 submits arrive together', async () => {
    expect(clients).toHaveLength(testDriver() === 'postgres' ? 3 : 1);
    const order = await via(0)('POST', '/orders/Outgoing', {});
    await via(0)('POST', `/orders/Outgoing/${order.json.ID}/lineitems`, {
      ProductID: products[0],
      Quantity: 1,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => via(n)('POST', `/orders/Outgoing/${order.json.ID}/submit`)),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((a) => `${a.status} ${a.json.Errors[0].ErrorCode}`))).toEqual(
      new Set(['400 Order.CannotSubmitBadStatus']),
    );
    const final = await via(1)('GET', `/orders/Outgoing/${order.json.ID}`);
    expect(final.json.Status).toBe('Open');
    expect(final.json.DateSubmitted).toBe(ok[0]?.json.DateSubmitted);
  });

  it('keeps every one of 20 line items added together, and totals that add up', async () => {
    const order = await via(0)('POST', '/orders/Outgoing', {});
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        via(n)('POST', `/orders/Outgoing/${order.json.ID}/lineitems`, {
          ProductID: products[n % 2],
          Quantity: 1 + (n % 3),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const lines = await via(0)('GET', `/orders/Outgoing/${order.json.ID}/lineitems?pageSize=100`);
    expect(lines.json.Meta.TotalCount).toBe(20);
    expect(new Set(lines.json.Items.map((l: { ID: string }) => l.ID)).size).toBe(20);
    const final = (await via(1)('GET', `/orders/Outgoing/${order.json.ID}`)).json;
    expect(final.LineItemCount).toBe(20);
    // Money in 1/10,000 units, as the service counts it.
    const units = (n: number) => Math.round(n * 10_000);
    const subtotal = lines.json.Items.reduce(
      (s: number, l: { LineSubtotal: number }) => s + units(l.LineSubtotal),
      0,
    );
    expect(units(final.Subtotal)).toBe(subtotal);
    expect(lines.json.Items.reduce((s: number, l: { Quantity: number }) => s + l.Quantity, 0)).toBe(
      Array.from({ length: 20 }, (_, n) => 1 + (n % 3)).reduce((a, b) => a + b, 0),
    );
  });

  it('never oversells the last units when orders for them are submitted together', async () => {
    const product = products[1] as string;
    await loginAs('admin');
    await Products.Patch(product, {
      Inventory: { Enabled: true, QuantityAvailable: 5, OrderCanExceed: false },
    });
    const orders: string[] = [];
    for (let i = 0; i < 12; i++) {
      const order = await via(i)('POST', '/orders/Outgoing', {});
      const line = await via(i)('POST', `/orders/Outgoing/${order.json.ID}/lineitems`, {
        ProductID: product,
        Quantity: 1,
      });
      expect(line.status).toBe(201);
      orders.push(order.json.ID);
    }
    const answers = await Promise.all(orders.map((id, n) => via(n)('POST', `/orders/Outgoing/${id}/submit`)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(5);
    expect(new Set(refused.map((a) => `${a.status} ${a.json.Errors[0].ErrorCode}`))).toEqual(
      new Set(['400 Inventory.Insufficient']),
    );
    await loginAs('admin');
    expect((await Products.Get(product)).Inventory?.QuantityAvailable).toBe(0);
    // The losers are still unsubmitted, and nothing of theirs was taken.
    const statuses = await Promise.all(orders.map((id) => via(0)('GET', `/orders/Outgoing/${id}`)));
    expect(statuses.filter((s) => s.json.Status === 'Unsubmitted')).toHaveLength(7);
    await Products.Patch(product, { Inventory: { Enabled: false } });
  });
});
