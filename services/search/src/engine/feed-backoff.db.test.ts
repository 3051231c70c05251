import { datasetContent } from '@catalogue/dataset/testing';
import { createTestDatabase, holdAllConnections, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchEngine } from './engine';

/**
 * While the database refuses every read (all connections held past the pool wait), the engine reads the
 * change feed less and less often, up to its cap, and says so once; when the database answers again it
 * says that once and reads at its interval again (issue 21 item 3).
 */
describe(`following changes while the database refuses, on ${testDriver()}`, () => {
  let database: TestDatabase;
  let engine: SearchEngine;
  const logged: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(60), { poolSize: 1, poolWaitMs: 500 });
    engine = new SearchEngine(database, {
      feedIntervalMs: 20,
      feedMaxDelayMs: 200,
      cacheEntries: 0,
      log: (message) => logged.push(message),
    });
    await engine.ready;
  });
  afterAll(async () => {
    engine?.stop();
    await database?.dispose();
  });

  it('backs off with one line when reads start failing and one when they work again', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failureLines = () =>
      [...warned.mock.calls, ...errors.mock.calls].filter((call) =>
        String(call[0]).includes('following changes'),
      );
    const release = await holdAllConnections(database);
    try {
      await vi.waitFor(() => expect(engine.feedFailures).toBeGreaterThanOrEqual(4), { timeout: 30_000 });
      expect(engine.feedDelayMs).toBe(200);
      expect(failureLines()).toHaveLength(1);
      expect(String(failureLines()[0]?.[0])).toMatch(/database busy/);
      expect(String(failureLines()[0]?.[0])).not.toMatch(/select/i);
    } finally {
      await release();
    }
    await vi.waitFor(() => expect(engine.feedFailures).toBe(0), { timeout: 30_000 });
    expect(engine.feedDelayMs).toBe(20);
    expect(failureLines()).toHaveLength(1);
    expect(logged.filter((line) => line.startsWith('following changes again'))).toHaveLength(1);
    vi.restoreAllMocks();
  });
});
