import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveCommerce } from '../testing/commerce-server';
import { buyableProducts, rawClient } from '../testing/orders';
import { commerceForTests, loginAs } from '../testing/sdk';

/** `Idempotency-Key` on POST actions: replay for 24 hours, per caller, one execution under concurrency. */
describe(`Idempotency-Key on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  let productId = '';
  let employee: ReturnType<typeof rawClient>;
  let engineer: ReturnType<typeof rawClient>;

  beforeAll(async () => {
    [productId = ''] = await buyableProducts(1);
    employee = rawClient(commerce().baseUrl, await loginAs('employee'));
    engineer = rawClient(commerce().baseUrl, await loginAs('engineer'));
  });

  const key = () => `key-${Math.random().toString(36).slice(2)}`;
  const lineCount = async (orderId: string) =>
    (await employee('GET', `/orders/Outgoing/${orderId}/lineitems`)).json.Meta.TotalCount as number;

  it('replays the first answer of a POST and executes it once', async () => {
    const order = await employee('POST', '/orders/Outgoing', {});
    const k = key();
    const first = await employee(
      'POST',
      `/orders/Outgoing/${order.json.ID}/lineitems`,
      { ProductID: productId, Quantity: 2 },
      { 'Idempotency-Key': k },
    );
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await employee(
      'POST',
      `/orders/Outgoing/${order.json.ID}/lineitems`,
      { ProductID: productId, Quantity: 2 },
      { 'Idempotency-Key': k },
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await lineCount(order.json.ID)).toBe(1);
    // Without a key the same request executes again.
    await employee('POST', `/orders/Outgoing/${order.json.ID}/lineitems`, {
      ProductID: productId,
      Quantity: 2,
    });
    expect(await lineCount(order.json.ID)).toBe(2);
  });

  it('replays refusals and empty answers too', async () => {
    const order = await employee('POST', '/orders/Outgoing', {});
    const k = key();
    const refused = await employee('POST', `/orders/Outgoing/${order.json.ID}/submit`, undefined, {
      'Idempotency-Key': k,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.Errors[0].ErrorCode).toBe('Order.CannotSubmitWithNoLineItems');
    await employee('POST', `/orders/Outgoing/${order.json.ID}/lineitems`, {
      ProductID: productId,
      Quantity: 1,
    });
    // The first answer stands for that key, although the order could now be submitted.
    const replayed = await employee('POST', `/orders/Outgoing/${order.json.ID}/submit`, undefined, {
      'Idempotency-Key': k,
    });
    expect(replayed.status).toBe(400);
    expect(replayed.json).toEqual(refused.json);
    expect((await employee('GET', `/orders/Outgoing/${order.json.ID}`)).json.Status).toBe('Unsubmitted');
    // 204 answers replay as 204.
    const v = key();
    const valid = await employee('POST', `/orders/Outgoing/${order.json.ID}/validate`, undefined, {
      'Idempotency-Key': v,
    });
    expect(valid.status).toBe(204);
    const validAgain = await employee('POST', `/orders/Outgoing/${order.json.ID}/validate`, undefined, {
      'Idempotency-Key': v,
    });
    expect(validAgain.status).toBe(204);
    expect(validAgain.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses a key reused for a different request', async () => {
    const order = await employee('POST', '/orders/Outgoing', {});
    const k = key();
    const path = `/orders/Outgoing/${order.json.ID}/lineitems`;
    await employee('POST', path, { ProductID: productId, Quantity: 1 }, { 'Idempotency-Key': k });
    const otherBody = await employee(
      'POST',
      path,
      { ProductID: productId, Quantity: 3 },
      { 'Idempotency-Key': k },
    );
    expect(otherBody.status).toBe(422);
    expect(otherBody.json.Errors[0].ErrorCode).toBe('Idempotency.KeyReused');
    const otherPath = await employee('POST', `/orders/Outgoing/${order.json.ID}/submit`, undefined, {
      'Idempotency-Key': k,
    });
    expect(otherPath.status).toBe(422);
    expect((await employee('GET', `/orders/Outgoing/${order.json.ID}`)).json.Status).toBe('Unsubmitted');
    expect(await lineCount(order.json.ID)).toBe(1);
  });

  it('keeps keys per caller', async () => {
    const k = key();
    const mine = await employee(
      'POST',
      '/orders/Outgoing',
      { Comments: 'same key' },
      { 'Idempotency-Key': k },
    );
    const theirs = await engineer(
      'POST',
      '/orders/Outgoing',
      { Comments: 'same key' },
      { 'Idempotency-Key': k },
    );
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.json.ID).not.toBe(mine.json.ID);
    expect(theirs.json.FromUserID).toBe('engineer');
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('executes concurrent requests with one key once', async () => {
    const order = await employee('POST', '/orders/Outgoing', {});
    await employee('POST', `/orders/Outgoing/${order.json.ID}/lineitems`, {
      ProductID: productId,
      Quantity: 1,
    });
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        employee('POST', `/orders/Outgoing/${order.json.ID}/submit`, undefined, { 'Idempotency-Key': k }),
      ),
    );
    // Every caller gets the one execution's answer (none waits longer than the 10 s allowed here).
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json.DateSubmitted)).size).toBe(1);
  });

  it('refuses invalid keys and ignores keys on other methods', async () => {
    const bad = await employee('POST', '/orders/Outgoing', {}, { 'Idempotency-Key': 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.json.Errors[0].ErrorCode).toBe('Idempotency.InvalidKey');
    const long = await employee('POST', '/orders/Outgoing', {}, { 'Idempotency-Key': 'k'.repeat(256) });
    expect(long.status).toBe(400);
    const order = await employee('POST', '/orders/Outgoing', {});
    const k = key();
    const first = await employee(
      'PATCH',
      `/orders/Outgoing/${order.json.ID}`,
      { Comments: 'a' },
      { 'Idempotency-Key': k },
    );
    const second = await employee(
      'PATCH',
      `/orders/Outgoing/${order.json.ID}`,
      { Comments: 'b' },
      { 'Idempotency-Key': k },
    );
    expect(first.status).toBe(200);
    expect(second.json.Comments).toBe('b');
  });

  it('forgets keys after 24 hours and prunes old rows', async () => {
    const db = commerce().database.db;
    const order = await employee('POST', '/orders/Outgoing', {});
    const k = key();
    const path = `/orders/Outgoing/${order.json.ID}/lineitems`;
    await employee('POST', path, { ProductID: productId, Quantity: 1 }, { 'Idempotency-Key': k });
    await db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${k}`,
    );
    const fresh = await employee(
      'POST',
      path,
      { ProductID: productId, Quantity: 1 },
      { 'Idempotency-Key': k },
    );
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(await lineCount(order.json.ID)).toBe(2);
    // An expired row of somebody else is pruned by the next instance's first keyed request.
    await db.execute(
      sql`insert into idempotency_keys (caller, key, request_hash, status, body, created_at)
          values ('someone', 'old', 'x', 200, '{}', now() - interval '30 hours')`,
    );
    const other = await serveCommerce(commerce().database);
    try {
      const client = rawClient(other.baseUrl, await loginAs('employee'));
      expect((await client('POST', '/orders/Outgoing', {}, { 'Idempotency-Key': key() })).status).toBe(201);
    } finally {
      await other.close();
    }
    const left = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from idempotency_keys where caller = 'someone'`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it('tells a client when the first request never finished', async () => {
    const db = commerce().database.db;
    const order = await employee('POST', '/orders/Outgoing', {});
    const k = key();
    const path = `/orders/Outgoing/${order.json.ID}/submit`;
    // A pending row as a server that stopped after the action's commit leaves it.
    await employee('POST', path, undefined, { 'Idempotency-Key': k });
    await db.execute(
      sql`update idempotency_keys set status = 0, body = '', created_at = now() - interval '10 minutes'
          where key = ${k}`,
    );
    const unknown = await employee('POST', path, undefined, { 'Idempotency-Key': k });
    expect(unknown.status).toBe(409);
    expect(unknown.json.Errors[0].ErrorCode).toBe('Idempotency.OutcomeUnknown');
  });
});
