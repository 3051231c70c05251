import type { Database } from '@catalogue/db';
import { defineService, type Service, type ServiceOptions } from '@catalogue/service-kit';
import { Hono } from 'hono';
import { errorResponse } from './http/errors';

/**
 * The Sitecore Search-compatible search, recommendation and event service:
 * `/api/discover/v2` and `/api/event/v4/publish` (step 9). Unknown paths answer in its error format.
 */
export function createSearchService(_database: Database, { basePath }: ServiceOptions): Service {
  const app = new Hono().basePath(basePath || '/');
  app.notFound((c) =>
    errorResponse(404, [
      {
        code: 404,
        type: 'not_found',
        message: `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`,
        severity: 'low',
      },
    ]),
  );
  app.onError((error) => {
    console.error('[search] unhandled error:', error);
    return errorResponse(500, [
      { code: 500, type: 'internal_error', message: 'An unexpected error occurred.', severity: 'high' },
    ]);
  });
  return defineService('search', basePath, app.fetch);
}
