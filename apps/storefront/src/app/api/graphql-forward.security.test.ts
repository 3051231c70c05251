import { defineService } from '@catalogue/service-kit';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardGraphql } from './graphql-forward';

describe('POST /api/cmsApi while the content service is busy', () => {
  beforeAll(() => {
    // The content service's answer when its database refused the work (http/unavailable.ts).
    const content = defineService('content', '/content', async () =>
      Response.json(
        {
          errors: [
            {
              message: 'The service is busy; try again shortly.',
              extensions: { code: 'SERVICE_UNAVAILABLE' },
            },
          ],
        },
        { status: 503, headers: { 'retry-after': '1' } },
      ),
    );
    setSharedServices([content]);
  });
  afterAll(() => setSharedServices(null));

  it('passes the 503 on with its Retry-After', async () => {
    const answer = await forwardGraphql(
      new Request('http://site/api/cmsApi', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ site(language: "en-US") { name } }' }),
      }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect((await answer.json()).errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
  });
});
