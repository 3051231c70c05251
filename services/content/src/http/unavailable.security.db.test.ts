import { holdAllConnections, testDriver } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContentUnderTest, startContent } from '../testing/content-server';

/**
 * When every database connection is taken past the pool wait, the content service answers 503 with
 * Retry-After and a SERVICE_UNAVAILABLE GraphQL error (issue 20 item 9) — not 500, not a masked
 * "Unexpected error" — and serves again after.
 */
describe(`content under a full pool on ${testDriver()}`, () => {
  let content: ContentUnderTest;
  beforeAll(async () => {
    content = await startContent({ skus: 60, connection: { poolSize: 2, poolWaitMs: 100 } });
  });
  afterAll(async () => {
    await content?.close();
  });

  const query = '{ site(language: "en-US") { name } }';

  it('answers 503 with Retry-After while no connection is free, then serves again', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logged = () => [...warned.mock.calls, ...errors.mock.calls].flat().join(' ');
    const release = await holdAllConnections(content.database);
    let refused: Awaited<ReturnType<ContentUnderTest['post']>>;
    try {
      refused = await content.post(query);
    } finally {
      await release();
    }
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(logged()).not.toMatch(/select|content_items/i);
    vi.restoreAllMocks();
    const served = await content.post(query);
    expect(served.status).toBe(200);
    expect(served.json.data.site.name).toBeTruthy();
  });
});
