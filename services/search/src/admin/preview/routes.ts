import { Hono } from 'hono';
import type { AdminDeps } from '../deps';
import type { AdminEnv } from '../env';
import { readBody } from '../request-body';
import { previewBody } from './schema';
import { previewSearch } from './service';

/** `POST /admin/v1/preview`: a search with unsaved rules, explained (docs/search-admin.md "Preview"). */
export function previewRoutes(deps: AdminDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.post('/', async (c) => c.json(await previewSearch(deps, await readBody(c.req.raw, previewBody))));
  return app;
}
