import { openDatabase } from '@catalogue/db';
import { createTestDatabase, holdAllConnections, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDue, queue, rowState, testWorker } from './testing';
import type { OutboxHandler, OutboxWorkerOptions } from './worker';

/**
 * Issue 21 item 3: while the database refuses work the worker leaves it alone for a wait that doubles up
 * to a cap, looks again when the wait ends, resets on the first look that gets through, and logs once
 * when the refusals start and once when they end. Refusals are real: every connection of a one-connection
 * pool held (DatabaseUnavailableError 'busy' after the 50 ms pool wait), or a server that is not there.
 */
describe(`outbox worker while the database refuses, on ${testDriver()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(testDriver(), undefined, { poolSize: 1, poolWaitMs: 50 });
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    // Opens the pool's one connection with retries first: a new PostgreSQL connection on a loaded machine
    // can take longer than the 50 ms the pool allows, and the test is about refusals it causes itself.
    await (await holdAllConnections(database))();
    await database.db.execute(sql`delete from outbox`);
  });

  const worker = (handlers: Record<string, OutboxHandler>, options: Partial<OutboxWorkerOptions> = {}) =>
    testWorker(database, handlers, options);

  it('backs off exponentially up to the cap, logs once, and resets when the database answers', async () => {
    const delivered: number[] = [];
    const w = worker(
      { test: async (row) => void delivered.push(row.id) },
      { refusalBackoff: { firstMs: 60_000, capMs: 240_000 } },
    );
    const id = await queue(database.db, 'test', {});
    const release = await holdAllConnections(database);
    const waits: number[] = [];
    try {
      for (let look = 0; look < 4; look++) {
        expect(await w.drain()).toBe(0);
        waits.push(w.refusals.waitMs);
      }
      expect(w.refusals.paused).toBe(true);
    } finally {
      await release();
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 240_000]);
    expect(w.lines).toHaveLength(1);
    expect(w.lines[0]).toMatchObject({ level: 'warn' });
    expect(w.lines[0]?.text).toMatch(/refuses work \(No database connection became free in time\.\)/);

    // Left alone: a wake-up (a row queued, a poll) does not look while the wait runs.
    w.kick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(delivered).toEqual([]);
    expect(await rowState(database.db, id)).toMatchObject({ attempts: 0, delivered: false });

    // The first look that gets through delivers and resets the backoff.
    expect(await w.drain()).toBe(1);
    expect(delivered).toEqual([id]);
    expect(w.refusals.refusals).toBe(0);
    expect(w.refusals.waitMs).toBe(0);
    expect(w.refusals.paused).toBe(false);
    expect(w.lines.map((l) => l.level)).toEqual(['warn', 'log']);
    expect(w.lines[1]?.text).toMatch(/answers again after 4 refused look/);
    await w.stop();
  });

  it('looks again by itself when the wait ends, without a poll', async () => {
    const delivered: number[] = [];
    const w = worker(
      { test: async (row) => void delivered.push(row.id) },
      { refusalBackoff: { firstMs: 20, capMs: 80 } },
    );
    // Queued but not due yet, so starting delivers nothing.
    const id = await queue(database.db, 'test', {});
    await database.db.execute(
      sql`update outbox set next_attempt_at = now() + interval '1 hour' where id = ${id}`,
    );
    await w.start();
    try {
      // The look that starting makes has ended, finding nothing due. An update notifies nobody, so the
      // row made due now waits for a look (made due after the release, a retry look could come between).
      expect(await w.drain()).toBe(0);
      await makeDue(database.db, id);
      const release = await holdAllConnections(database);
      try {
        w.kick();
        // Only the retry timer can look again (the poll is an hour): refusals keep counting.
        await vi.waitFor(() => expect(w.refusals.refusals).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
        expect(delivered).toEqual([]);
      } finally {
        await release();
      }
      // The first retry look after the release gets through and finds the row.
      await vi.waitFor(() => expect(delivered).toEqual([id]), { timeout: 10_000 });
      expect(w.refusals.refusals).toBe(0);
      expect(w.lines.filter((l) => l.level !== 'log' || /refus/.test(l.text))).toHaveLength(2);
    } finally {
      await w.stop();
    }
  });

  it('looks again when its retry timer fires before the clock reaches the end of the wait', async () => {
    // Node's timers and Date.now() are different clocks: a timer can fire a millisecond "early". Here the
    // wall clock runs at half speed, so every retry timer fires halfway through the wait by Date.now().
    const real = Date.now.bind(Date);
    const start = real();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => start + (real() - start) / 2);
    const w = worker({}, { refusalBackoff: { firstMs: 20, capMs: 40 } });
    await w.start();
    try {
      await w.drain();
      const release = await holdAllConnections(database);
      try {
        w.kick();
        await vi.waitFor(() => expect(w.refusals.refusals).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
      } finally {
        await release();
      }
    } finally {
      clock.mockRestore();
      await w.stop();
    }
  });

  it.runIf(testDriver() === 'postgres')('treats a server that cannot be reached as a refusal', async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const gone = await openDatabase({
      driver: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/catalogue',
      poolSize: 1,
    });
    const w = testWorker(gone, {}, { refusalBackoff: { firstMs: 60_000, capMs: 60_000 } });
    try {
      await w.drain();
      await w.drain();
      expect(w.refusals.refusals).toBe(2);
      expect(w.refusals.waitMs).toBe(60_000);
      expect(w.lines).toHaveLength(1);
      expect(w.lines[0]?.text).toMatch(/refuses work \(.*ECONNREFUSED/);
    } finally {
      await w.stop();
      await gone.close();
    }
  });
});
