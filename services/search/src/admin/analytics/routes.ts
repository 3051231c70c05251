import { Hono } from 'hono';
import type { AdminDeps } from '../deps';
import type { AdminEnv } from '../env';
import { readQuery } from '../request-body';
import { clickPositionsQuery, keyphrasesQuery, recommendationsQuery } from './schema';
import { clickPositionReport, keyphraseReport, noResultsReport, recommendationReport } from './service';

/** `/admin/v1/analytics/…`: reports over the stored events (docs/search-admin.md "Analytics"). */
export function analyticsRoutes(deps: AdminDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.get('/keyphrases', async (c) =>
    c.json(await keyphraseReport(deps, readQuery(c.req.raw, keyphrasesQuery))),
  );
  app.get('/keyphrases/no-results', async (c) =>
    c.json(await noResultsReport(deps, readQuery(c.req.raw, keyphrasesQuery))),
  );
  app.get('/click-positions', async (c) =>
    c.json(await clickPositionReport(deps, readQuery(c.req.raw, clickPositionsQuery))),
  );
  app.get('/recommendations', async (c) =>
    c.json(await recommendationReport(deps, readQuery(c.req.raw, recommendationsQuery))),
  );
  return app;
}
