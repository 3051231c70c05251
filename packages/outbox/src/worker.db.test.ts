import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentDeliveryError } from './errors';
import { makeDue, queue, rowState, testWorker } from './testing';
import type { OutboxHandler, OutboxRow, OutboxWorkerOptions } from './worker';

describe(`outbox worker on ${testDriver()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from outbox`);
  });

  const worker = (handlers: Record<string, OutboxHandler>, options: Partial<OutboxWorkerOptions> = {}) =>
    testWorker(database, handlers, options);

  it('delivers due rows once and marks them delivered', async () => {
    const seen: OutboxRow[] = [];
    const w = worker({ test: async (row) => void seen.push(row) });
    const a = await queue(database.db, 'test', { n: 1 });
    const b = await queue(database.db, 'test', { n: 2 });
    expect(await w.drain()).toBe(2);
    expect(seen.map((r) => [r.id, r.payload, r.attempts])).toEqual([
      [a, { n: 1 }, 1],
      [b, { n: 2 }, 1],
    ]);
    expect(await rowState(database.db, a)).toMatchObject({ delivered: true, attempts: 1, lastError: null });
    expect(await w.drain()).toBe(0);
    expect(seen).toHaveLength(2);
  });

  it('retries a failed delivery with exponential backoff until it succeeds', async () => {
    let calls = 0;
    const w = worker({
      test: async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`connection refused (${calls})`);
      },
    });
    const id = await queue(database.db, 'test', {});
    await w.drain();
    const first = await rowState(database.db, id);
    expect(first).toMatchObject({ delivered: false, attempts: 1, lastError: 'connection refused (1)' });
    // random() = 1: the whole base delay, 30 s.
    expect(first.dueInSeconds).toBeGreaterThan(25);
    expect(first.dueInSeconds).toBeLessThanOrEqual(30);
    expect(await w.drain()).toBe(0); // not due yet

    await makeDue(database.db, id);
    await w.drain();
    const second = await rowState(database.db, id);
    expect(second).toMatchObject({ delivered: false, attempts: 2, lastError: 'connection refused (2)' });
    expect(second.dueInSeconds).toBeGreaterThan(55);
    expect(second.dueInSeconds).toBeLessThanOrEqual(60);
    expect(w.lines.filter((l) => l.level === 'warn')).toHaveLength(2);

    await makeDue(database.db, id);
    await w.drain();
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 3 });
    expect(calls).toBe(3);
  });

  it('keeps retrying at the cap after many failures and says so loudly, never dropping the row', async () => {
    const w = worker({
      test: async () => {
        throw new Error('mail server down');
      },
    });
    const id = await queue(database.db, 'test', {});
    await database.db.execute(sql`update outbox set attempts = 40 where id = ${id}`);
    await w.drain();
    const state = await rowState(database.db, id);
    expect(state).toMatchObject({ delivered: false, failed: false, attempts: 41 });
    expect(state.dueInSeconds).toBeGreaterThan(3590);
    expect(state.dueInSeconds).toBeLessThanOrEqual(3600);
    const alert = w.lines.find((l) => l.level === 'error');
    expect(alert?.text).toContain(`#${id} (test) attempt 41 failed: mail server down`);
    expect(alert?.text).toContain('STILL UNDELIVERED');
  });

  it('redelivers a row whose worker died between claim and success once the lease runs out', async () => {
    const crashed = worker({ test: async () => undefined }, { leaseSeconds: 300 });
    const id = await queue(database.db, 'test', { important: true });
    const claimed = await crashed.claim();
    expect(claimed.map((r) => r.id)).toEqual([id]);
    // …and the worker dies here, before delivering or recording anything.
    const leased = await rowState(database.db, id);
    expect(leased).toMatchObject({ delivered: false, attempts: 1 });
    expect(leased.dueInSeconds).toBeGreaterThan(290);

    const seen: OutboxRow[] = [];
    const other = worker({ test: async (row) => void seen.push(row) });
    expect(await other.drain()).toBe(0); // still leased to the dead worker

    await makeDue(database.db, id); // the lease ran out
    expect(await other.drain()).toBe(1);
    expect(seen.map((r) => [r.id, r.attempts, r.payload])).toEqual([[id, 2, { important: true }]]);
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true, attempts: 2 });
  });

  it('lets two workers drain one table concurrently, delivering every row exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await queue(database.db, 'test', { i }));
    const deliveries: { worker: string; id: number }[] = [];
    const handler = (name: string) => async (row: OutboxRow) => {
      // Yield so the other worker gets its turn while this one "delivers".
      await new Promise((resolve) => setImmediate(resolve));
      deliveries.push({ worker: name, id: row.id });
    };
    const a = worker({ test: handler('a') }, { batch: 3 });
    const b = worker({ test: handler('b') }, { batch: 3 });
    const [byA, byB] = await Promise.all([a.drain(), b.drain()]);
    expect(byA + byB).toBe(30);
    expect(deliveries.map((d) => d.id).sort((x, y) => x - y)).toEqual(ids);
    const [counts] = await database.db
      .execute(
        sql`select count(*)::int as delivered, max(attempts) as attempts from outbox where delivered_at is not null`,
      )
      .then((r) => (r as unknown as { rows: { delivered: number; attempts: number }[] }).rows);
    expect(counts).toEqual({ delivered: 30, attempts: 1 });
  });

  it('keeps a row of an unknown kind and looks at it again at the cap', async () => {
    const w = worker({});
    const id = await queue(database.db, 'webhook', { url: 'https://example.com' });
    await w.drain();
    const state = await rowState(database.db, id);
    expect(state).toMatchObject({ delivered: false, failed: false, attempts: 1 });
    expect(state.lastError).toBe("no handler for outbox kind 'webhook'");
    expect(state.dueInSeconds).toBeGreaterThan(3590);
  });

  it('parks a permanently refused row with failed_at and stops claiming it', async () => {
    let calls = 0;
    const w = worker({
      test: async () => {
        calls += 1;
        throw new PermanentDeliveryError('the endpoint answered 400: bad field');
      },
    });
    const id = await queue(database.db, 'test', {});
    await w.drain();
    expect(await rowState(database.db, id)).toMatchObject({
      delivered: false,
      failed: true,
      lastError: 'the endpoint answered 400: bad field',
    });
    await makeDue(database.db, id);
    expect(await w.drain()).toBe(0);
    expect(calls).toBe(1);
    expect(w.lines.some((l) => l.level === 'error' && l.text.includes('refused permanently'))).toBe(true);
  });

  it('wakes up when another writer queues a row (NOTIFY at commit), without waiting for the poll', async () => {
    let delivered: (row: OutboxRow) => void = () => undefined;
    const arrived = new Promise<OutboxRow>((resolve) => {
      delivered = resolve;
    });
    const w = worker({ test: async (row) => delivered(row) }, { pollSeconds: 3600 });
    await w.start();
    try {
      expect(await w.drain()).toBe(0); // the start's own look is over: only the NOTIFY can find the row
      const id = await database.db.transaction(async (tx) => {
        const [row] = await tx
          .execute(sql`insert into outbox (kind, payload) values ('test', '{"via":"notify"}') returning id`)
          .then((r) => (r as unknown as { rows: { id: string | number }[] }).rows);
        return Number(row?.id);
      });
      const row = await arrived;
      expect(row).toMatchObject({ id, payload: { via: 'notify' } });
    } finally {
      await w.stop();
    }
  });

  it('stops after the delivery in progress has finished and been recorded', async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => {
      started = resolve;
    });
    const w = worker({
      test: () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    });
    const id = await queue(database.db, 'test', {});
    const draining = w.drain();
    await inHandler;
    let stopped = false;
    const stopping = w.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    await draining;
    expect(await rowState(database.db, id)).toMatchObject({ delivered: true });
  });
});
