import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SearchConfig } from '../config';
import { unavailableResponse } from '../http/unavailable';
import { AdminAccess } from './access';
import { analyticsRoutes } from './analytics/routes';
import type { AdminDeps } from './deps';
import type { AdminEnv } from './env';
import { AdminError, adminErrorResponse } from './errors';
import { previewRoutes } from './preview/routes';
import { ruleRoutes } from './rules/routes';
import { widgetRoutes } from './widgets/routes';

/** Where the admin API lives under the search service (`/discover/admin/v1` in the single server). */
export const ADMIN_PATH = '/admin/v1';

/**
 * The search service's admin API for merchandising (docs/search-admin.md): rules, preview, widget
 * settings and analytics. Every request is a merchandiser's (checked before its body is read); every
 * refusal is in the service's error format.
 */
export function adminRoutes(
  deps: AdminDeps,
  config: Pick<
    SearchConfig,
    'COMMERCE_SERVICE_URL' | 'COMMERCE_TOKEN_ISSUER' | 'COMMERCE_TOKEN_AUDIENCE' | 'SEARCH_MAX_BODY_BYTES'
  >,
): Hono<AdminEnv> {
  const access = new AdminAccess(config);
  const app = new Hono<AdminEnv>();
  app.use('*', async (c, next) => {
    c.set('actor', await access.merchandiser(c.req.header('authorization')));
    await next();
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: config.SEARCH_MAX_BODY_BYTES,
      onError: () => {
        throw new AdminError(
          'payload_too_large',
          `Request body too large: at most ${config.SEARCH_MAX_BODY_BYTES} bytes.`,
        );
      },
    }),
  );
  app.route('/rules', ruleRoutes(deps));
  app.route('/widgets', widgetRoutes(deps));
  app.route('/preview', previewRoutes(deps));
  app.route('/analytics', analyticsRoutes(deps));
  app.onError((error, c) => {
    if (error instanceof AdminError) return adminErrorResponse(error);
    const unavailable = unavailableResponse(error, `${c.req.method} ${new URL(c.req.url).pathname}`);
    if (unavailable) return unavailable;
    throw error;
  });
  return app;
}
