import { queryRows } from '@catalogue/db';
import { holdAllConnections, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commerceForTests, loginAs } from '../testing/sdk';

/**
 * When the database refuses work for a while the service answers 503 with Retry-After in OrderCloud's
 * envelope, never 500 (issue 20 items 1 and 9): a statement cancelled by the statement timeout, a request
 * that found no free connection within the pool wait, and a burst of writes against a tiny pool, where
 * every write answered 2xx is stored and every refused one left nothing behind.
 */
describe(`database refusals on ${testDriver()}`, () => {
  const commerce = commerceForTests({
    skus: 60,
    connection: { poolSize: 2, poolWaitMs: 100, statementTimeoutMs: 500 },
  });
  let buyer = '';
  beforeAll(async () => {
    buyer = await loginAs('employee');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${commerce().baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${buyer}`, 'content-type': 'application/json', ...init.headers },
    });

  async function expectUnavailable(response: Response, reason: 'busy' | 'timeout') {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await response.json()) as { Errors: { ErrorCode: string; Data: { Reason: string } }[] };
    expect(body.Errors[0]?.ErrorCode).toBe('ServiceUnavailable');
    expect(body.Errors[0]?.Data.Reason).toBe(reason);
  }

  it('answers 503 busy when no connection becomes free in time, then serves again', async () => {
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const release = await holdAllConnections(commerce().database);
    let refused: Response;
    try {
      refused = await call('/v1/me/addresses', {
        method: 'POST',
        body: JSON.stringify({ ID: 'busy-address', Street1: '1 Main St', City: 'X', Country: 'US' }),
      });
    } finally {
      await release();
    }
    await expectUnavailable(refused, 'busy');
    expect((await call('/v1/me/addresses/busy-address')).status).toBe(404);
    expect((await call('/v1/me')).status).toBe(200);
    expect(logged.mock.calls.flat().join(' ')).not.toMatch(/select|insert|password/i);
  });

  it.runIf(testDriver() === 'postgres')(
    'lets a write refused with 503 be retried with the same Idempotency-Key',
    async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const submit = () =>
        call('/v1/orders/Outgoing', {
          method: 'POST',
          headers: { 'idempotency-key': 'retry-after-timeout' },
          body: JSON.stringify({ ID: 'idempotent-timeout', xp: {} }),
        });
      // The key is claimed, then the order's insert waits on the lock past the statement timeout.
      const locker = new pg.Client({ connectionString: commerce().database.url ?? '' });
      await locker.connect();
      let refused: Response;
      try {
        await locker.query('begin');
        await locker.query('lock table orders in access exclusive mode');
        refused = await submit();
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      await expectUnavailable(refused, 'timeout');
      const retried = await submit();
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect((await submit()).headers.get('idempotent-replayed')).toBe('true');
    },
  );

  it.runIf(testDriver() === 'postgres')(
    'answers 503 timeout for a statement cancelled by the statement timeout, and logs no SQL',
    async () => {
      const logged = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // Another session locks the products table: reading it waits past the statement timeout.
      const locker = new pg.Client({ connectionString: commerce().database.url ?? '' });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table products in access exclusive mode');
        // One product: a single statement, so the statement timeout (not the pool wait of a list's
        // concurrent page, count and facet statements on a pool of two) is what answers.
        await expectUnavailable(await call('/v1/me/products/ANY-PRODUCT'), 'timeout');
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      expect((await call('/v1/me/products')).status).toBe(200);
      const output = [...logged.mock.calls, ...errors.mock.calls].flat().join(' ');
      expect(output).toContain('database timeout');
      expect(output).not.toMatch(/select|from products|xp/i);
    },
  );

  it('answers a burst of writes with 2xx or 503 + Retry-After, and stores exactly the 2xx ones', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const create = (ID: string) =>
      call('/v1/orders/Outgoing', { method: 'POST', body: JSON.stringify({ ID, xp: { burst: true } }) });
    const refusedIds = Array.from({ length: 20 }, (_, i) => `burst-held-${i}`);
    const freeIds = Array.from({ length: 60 }, (_, i) => `burst-free-${i}`);
    // While every connection is taken, the whole burst waits past the pool wait; then one while the
    // connections are free but far fewer than the requests.
    const release = await holdAllConnections(commerce().database);
    let whileHeld: Response[];
    try {
      whileHeld = await Promise.all(refusedIds.map(create));
    } finally {
      await release();
    }
    const whileFree = await Promise.all(freeIds.map(create));
    const answers = [...whileHeld, ...whileFree];
    const ids = [...refusedIds, ...freeIds];
    for (const answer of answers) {
      expect([201, 503]).toContain(answer.status);
      if (answer.status === 503) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(whileHeld.map((a) => a.status)).toEqual(refusedIds.map(() => 503));
    expect(whileFree.map((a) => a.status)).toContain(201);
    const stored = await queryRows<{ id: string }>(
      commerce().database.db,
      sql`select id from orders where id like 'burst-%'`,
    );
    const accepted = ids.filter((_, i) => answers[i]?.status === 201);
    expect(stored.map((r) => r.id).sort()).toEqual(accepted.sort());
  });
});
