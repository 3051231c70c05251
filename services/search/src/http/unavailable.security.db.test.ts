import { holdAllConnections, testDriver } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SearchUnderTest, searchUnderTest } from '../testing/search-under-test';

/**
 * When every database connection is taken past the pool wait, the search service answers 503 with
 * Retry-After in its own error format (issue 20 item 9), for a widget that reads the database and for
 * an event publish — never 500, never a 200 that hides the failure in one widget — and serves again after.
 */
describe(`search under a full pool on ${testDriver()}`, () => {
  let search: SearchUnderTest;
  beforeAll(async () => {
    search = await searchUnderTest({ skus: 60, connection: { poolSize: 2, poolWaitMs: 100 } });
  });
  afterAll(async () => {
    await search?.close();
  });

  const trending = {
    context: { locale: { country: 'us', language: 'en' }, user: { uuid: 'visitor-1' } },
    widget: { items: [{ entity: 'product', rfk_id: 'rfkid_4' }] },
  };
  const event = {
    name: 'entity_page',
    action: 'view',
    uuid: 'visitor-1',
    value: { context: { page: { uri: '/product/x' } }, entities: [{ id: 'x', entity_type: 'product' }] },
  };

  function expectUnavailable(answer: {
    status: number;
    json: { errors?: { code: number; type: string }[] };
  }) {
    expect(answer.status).toBe(503);
    expect(answer.json.errors?.[0]).toMatchObject({ code: 503, type: 'unavailable' });
  }

  it('answers 503 with Retry-After while no connection is free, then serves again', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logged = () => [...warned.mock.calls, ...errors.mock.calls].flat().join(' ');
    const release = await holdAllConnections(search.database);
    let widget: Awaited<ReturnType<SearchUnderTest['post']>>;
    let publish: Response;
    try {
      widget = await search.post(trending);
      publish = await search.service.fetch(
        new Request('http://search.test/api/event/v4/publish', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(event),
        }),
      );
    } finally {
      await release();
    }
    expectUnavailable(widget);
    expect(publish.status).toBe(503);
    expect(Number(publish.headers.get('retry-after'))).toBeGreaterThan(0);
    expectUnavailable({ status: publish.status, json: await publish.json() });
    expect(logged()).not.toMatch(/select|insert/i);
    vi.restoreAllMocks();
    expect((await search.post(trending)).status).toBe(200);
  });
});
