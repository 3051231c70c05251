import type { Database } from '@catalogue/db';
import { defineService, type Service, type ServiceOptions } from '@catalogue/service-kit';
import { Hono } from 'hono';
import { errorResponse } from './http/errors';

/**
 * The OrderCloud-compatible commerce service: `/oauth/token`, `/oauth/certs`, `/v1/...`.
 * Resources arrive with the later steps; every path answers in OrderCloud's error format meanwhile.
 */
export function createCommerceService(_database: Database, { basePath }: ServiceOptions): Service {
  const app = new Hono().basePath(basePath || '/');
  app.notFound((c) =>
    errorResponse(404, [
      { ErrorCode: 'NotFound', Message: `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}` },
    ]),
  );
  app.onError((error) => {
    console.error('[commerce] unhandled error:', error);
    return errorResponse(500, [
      { ErrorCode: 'InternalServerError', Message: 'An unexpected error occurred.' },
    ]);
  });
  return defineService('commerce', basePath, app.fetch);
}
