import type { Database } from '@catalogue/db';
import { defineService, type Service, type ServiceOptions } from '@catalogue/service-kit';
import { Hono } from 'hono';
import { errorResponse } from './http/errors';

/**
 * The GraphQL content service: `/graphql` with localised CMS items and product marketing content
 * (step 5). Unknown paths answer with GraphQL-shaped errors.
 */
export function createContentService(_database: Database, { basePath }: ServiceOptions): Service {
  const app = new Hono().basePath(basePath || '/');
  app.notFound((c) =>
    errorResponse(404, [
      {
        message: `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`,
        extensions: { code: 'NOT_FOUND' },
      },
    ]),
  );
  app.onError((error) => {
    console.error('[content] unhandled error:', error);
    return errorResponse(500, [
      { message: 'An unexpected error occurred.', extensions: { code: 'INTERNAL' } },
    ]);
  });
  return defineService('content', basePath, app.fetch);
}
