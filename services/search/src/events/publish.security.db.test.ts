import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchService, type SearchService } from '../app';
import { searchConfigFromEnv } from '../config';

/**
 * Issue 20 item 6: 100 unauthenticated publishes stored 10,000 events in a second. Publishers without an
 * api key are now limited per client address and per browser id (429 with Retry-After, in the service's
 * error format, nothing stored), and cannot name a signed-in user.
 */

let database: TestDatabase;
let service: SearchService;
const LIMIT = 100;

beforeAll(async () => {
  database = await createTestDatabase();
  service = createSearchService(database, {
    basePath: '',
    // The limits' clock stands still: no token comes back while the test runs, however slow the machine.
    now: () => 1_000_000,
    config: searchConfigFromEnv({
      SEARCH_EVENT_RATE_PER_ADDRESS: String(LIMIT),
      SEARCH_EVENT_RATE_PER_VISITOR: String(LIMIT),
      SEARCH_API_KEYS: 'back-end-key',
      SEARCH_PUBLIC_EVENTS: 'true',
    }),
  });
});

afterAll(async () => {
  service?.stop();
  await database?.dispose();
});

async function stored(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from search_events`,
  );
  return row?.n ?? -1;
}

const view = (uuid: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  name: 'entity_page',
  action: 'view',
  value: { entities: [{ id: 'T-1', entity_type: 'product' }] },
  ...extra,
});

/** A publish as the single server hands it on: in-process here, so the client is X-Forwarded-For. */
async function publish(
  body: unknown,
  address: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return service.fetch(
    new Request('http://search.test/api/event/v4/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
      body: JSON.stringify(body),
    }),
  );
}

async function expectTooMany(response: Response, limit: 'address' | 'visitor'): Promise<void> {
  expect(response.status).toBe(429);
  const wait = Number(response.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(await response.json()).toMatchObject({
    errors: [{ code: 429, type: 'rate_limited', severity: 'low', details: { limit, retry_after: wait } }],
  });
}

describe('event publish limits', () => {
  it('answers 429 with Retry-After once one address has published its limit, storing nothing more', async () => {
    const before = await stored();
    // A hundred new browser ids from one address: each a new visitor, all one address.
    for (let i = 0; i < LIMIT; i++) {
      const response = await publish(view(`rotating-${i}`), '203.0.113.10');
      expect(response.status, `event ${i}`).toBe(200);
    }
    await expectTooMany(await publish(view('rotating-next'), '203.0.113.10'), 'address');
    // A batch from that address is refused whole.
    await expectTooMany(await publish([view('a'), view('b')], '203.0.113.10'), 'address');
    expect(await stored()).toBe(before + LIMIT);
    // Another address is not affected.
    expect((await publish(view('someone'), '198.51.100.20')).status).toBe(200);
    expect(await stored()).toBe(before + LIMIT + 1);
  });

  it('answers 429 once one browser id has published its limit, from whatever address', async () => {
    const before = await stored();
    const flood = Array.from({ length: LIMIT }, () => view('one-browser'));
    expect((await publish(flood, '192.0.2.1')).status).toBe(200);
    await expectTooMany(await publish(view('one-browser'), '192.0.2.2'), 'visitor');
    // A batch mixing it with others is refused whole; other browser ids from the same address pass.
    await expectTooMany(await publish([view('fresh'), view('one-browser')], '192.0.2.3'), 'visitor');
    expect((await publish(view('fresh'), '192.0.2.3')).status).toBe(200);
    expect(await stored()).toBe(before + LIMIT + 1);
  });

  it('also counts refused requests of an address, and leaves api-key publishers unlimited', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const response = await publish({ name: 'entity_page' }, '192.0.2.50');
      expect(response.status).toBe(400);
    }
    await expectTooMany(await publish(view('late'), '192.0.2.50'), 'address');
    const before = await stored();
    const batch = Array.from({ length: LIMIT }, () => view('server-side'));
    for (let i = 0; i < 3; i++) {
      const response = await publish(batch, '192.0.2.50', { authorization: 'back-end-key' });
      expect(response.status).toBe(200);
    }
    expect(await stored()).toBe(before + 3 * LIMIT);
  });
});

describe('who an anonymous event is about', () => {
  it('refuses a user_id from a publisher without that user’s token, storing nothing', async () => {
    const before = await stored();
    const named = await publish(view('v-1', { user_id: 'employee' }), '198.51.100.30');
    expect(named.status).toBe(403);
    expect(await named.json()).toMatchObject({
      errors: [{ code: 403, type: 'forbidden', details: { field: 'user_id' } }],
    });
    const inBatch = await publish([view('v-1'), { ...view('v-1'), user_id: 'admin' }], '198.51.100.30');
    expect(inBatch.status).toBe(403);
    expect(await inBatch.json()).toMatchObject({ errors: [{ details: { field: '[1].user_id' } }] });
    expect(await stored()).toBe(before);
  });

  it('stores the publisher’s network, never its whole address', async () => {
    expect((await publish(view('net-check'), '198.51.100.77')).status).toBe(200);
    const rows = await queryRows<{ source: string; user_id: string | null }>(
      database.db,
      sql`select source, user_id from search_events where uuid = 'net-check'`,
    );
    expect(rows).toEqual([{ source: '198.51.100.0/24', user_id: null }]);
  });
});
