import type { Database } from '@catalogue/db';
import { loggableError } from '@catalogue/db/errors';
import {
  defineService,
  type RouteEntry,
  routeTable,
  type Service,
  type ServiceOptions,
} from '@catalogue/service-kit';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { ADMIN_PATH, adminRoutes } from './admin/routes';
import { type SearchConfig, searchConfigFromEnv } from './config';
import { dispatch, RequestRefused } from './dispatch';
import { SearchEngine } from './engine/engine';
import { PublishLimits } from './events/publish-limits';
import { startEventRetention } from './events/retention';
import { eventRoutes } from './events/routes';
import { Authenticator, AuthRefused } from './http/auth';
import { errorResponse } from './http/errors';
import { inputGuard, jsonRefusal } from './http/input-guard';
import { unavailableResponse } from './http/unavailable';
import { FILTER_LIMITS, filterSizeProblem } from './wire/limits';
import { discoverRequestSchema } from './wire/request';

export interface SearchServiceOptions extends ServiceOptions {
  config?: SearchConfig;
  /** An engine to share (tests); by default the service builds its own from the database. */
  engine?: SearchEngine;
  /** The clock of the publish limits (tests hold it still); `Date.now` by default. */
  now?: () => number;
}

export interface SearchService extends Service {
  engine: SearchEngine;
  /** Every route (method and path pattern), e.g. for the input fuzz. */
  routes: RouteEntry[];
}

function issuePath(path: PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

function invalidRequest(message: string, details?: Record<string, unknown>): Response {
  return errorResponse(400, [
    { code: 400, type: 'invalid_request', message, severity: 'medium', ...(details ? { details } : {}) },
  ]);
}

function describeIssues(error: z.ZodError): Response {
  const problems = error.issues.map((issue) => `${issuePath(issue.path) || '(body)'}: ${issue.message}`);
  return invalidRequest(`Invalid request: ${problems.slice(0, 5).join('; ')}`, { problems });
}

/**
 * The Sitecore Search-compatible search, recommendation and event service: `/api/discover/v2` (and the
 * SDK's hosted `/discover/v2/{domainHash}` and commerce-connector `/api/v1/search/{domain}`) answered by the widget handlers in src/widgets/. Unknown paths and
 * every refusal answer in its error format.
 */
export function createSearchService(database: Database, options: SearchServiceOptions): SearchService {
  const config = options.config ?? searchConfigFromEnv();
  const { basePath } = options;
  const engine =
    options.engine ?? new SearchEngine(database, { feedIntervalMs: config.SEARCH_FEED_INTERVAL_MS });
  const auth = new Authenticator(config);
  const app = new Hono().basePath(basePath || '/');
  app.use('*', inputGuard());

  const limit = bodyLimit({
    maxSize: config.SEARCH_MAX_BODY_BYTES,
    onError: () =>
      errorResponse(413, [
        {
          code: 413,
          type: 'payload_too_large',
          message: `Request body too large: at most ${config.SEARCH_MAX_BODY_BYTES} bytes.`,
          severity: 'medium',
        },
      ]),
  });

  const search = async (c: Context) => {
    const now = Date.now();
    const started = performance.now();
    let caller: Awaited<ReturnType<Authenticator['authenticate']>>;
    try {
      caller = await auth.authenticate(c.req.header('authorization'), now);
    } catch (error) {
      if (error instanceof AuthRefused)
        return errorResponse(error.status, [
          {
            code: error.status,
            type: error.status === 401 ? 'unauthorized' : 'unavailable',
            message: error.message,
            severity: 'high',
          },
        ]);
      throw error;
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return invalidRequest('The request body is not valid JSON.');
    }
    const refused = jsonRefusal(body);
    if (refused) return refused;
    const parsed = discoverRequestSchema.safeParse(body);
    if (!parsed.success) return describeIssues(parsed.error);
    const tooLarge = filterSizeProblem(parsed.data);
    if (tooLarge) return invalidRequest(tooLarge, { limits: FILTER_LIMITS });
    try {
      await engine.ready;
    } catch {
      return errorResponse(503, [
        { code: 503, type: 'unavailable', message: 'The search index is not available.', severity: 'high' },
      ]);
    }
    try {
      const answer = await dispatch(parsed.data, { engine, database, caller, now });
      // dt: the service's time for the request up to the answer (auth, parsing, widgets).
      answer.dt = Math.round((performance.now() - started) * 1000) / 1000;
      const text = JSON.stringify(answer);
      const total = Math.round((performance.now() - started) * 1000) / 1000;
      return c.body(text, 200, {
        'content-type': 'application/json',
        // Including the JSON encoding of the answer (what the benchmark reports as server time).
        'server-timing': `search;dur=${total}`,
      });
    } catch (error) {
      if (error instanceof RequestRefused) return errorResponse(error.status, error.errors);
      const unavailable = unavailableResponse(error, `${c.req.method} ${new URL(c.req.url).pathname}`);
      if (unavailable) return unavailable;
      throw error;
    }
  };

  app.route(
    '/',
    eventRoutes(database, {
      maxBodyBytes: config.SEARCH_EVENT_MAX_BODY_BYTES,
      limits: new PublishLimits(
        config.SEARCH_EVENT_RATE_PER_ADDRESS,
        config.SEARCH_EVENT_RATE_PER_VISITOR,
        options.now,
      ),
      trustProxy: config.TRUST_PROXY,
      identify: async (request) => {
        const header = request.headers.get('authorization')?.trim();
        if (!header) {
          if (config.SEARCH_PUBLIC_EVENTS ?? config.SEARCH_API_KEYS.length === 0) {
            return { caller: { kind: 'public' } };
          }
          return {
            refusal: {
              code: 401,
              type: 'unauthorized',
              message: 'An api key is required (Authorization header).',
              severity: 'high',
            },
          };
        }
        try {
          return { caller: await auth.authenticate(header) };
        } catch (error) {
          if (!(error instanceof AuthRefused)) throw error;
          return {
            refusal: {
              code: error.status,
              type: error.status === 401 ? 'unauthorized' : 'unavailable',
              message: error.message,
              severity: 'high',
            },
          };
        }
      },
    }),
  );
  // The merchandising API (docs/search-admin.md): rules, preview, widget settings, analytics.
  app.route(ADMIN_PATH, adminRoutes({ database, engine }, config));
  const stopRetention = startEventRetention(
    database,
    config.SEARCH_EVENT_RETENTION_DAYS,
    config.SEARCH_EVENT_RETENTION_INTERVAL_S,
  );

  // The SDK's own paths: service host, hosted with an api key, and the commerce (OrderCloud) connector's.
  for (const path of ['/api/discover/v2', '/discover/v2/:domainHash', '/api/v1/search/:domain']) {
    app.post(path, limit, search);
    app.all(path, (c) =>
      errorResponse(
        405,
        [
          {
            code: 405,
            type: 'method_not_allowed',
            message: `${c.req.method} is not supported: use POST.`,
            severity: 'low',
          },
        ],
        { allow: 'POST' },
      ),
    );
  }

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
  app.onError((error, c) => {
    const unavailable = unavailableResponse(error, `${c.req.method} ${new URL(c.req.url).pathname}`);
    if (unavailable) return unavailable;
    console.error('[search] unhandled error:', loggableError(error));
    return errorResponse(500, [
      { code: 500, type: 'internal_error', message: 'An unexpected error occurred.', severity: 'high' },
    ]);
  });
  const service = defineService('search', basePath, app.fetch);
  return {
    ...service,
    engine,
    routes: routeTable(app.routes),
    stop() {
      service.stop();
      stopRetention();
      if (!options.engine) engine.stop();
    },
  };
}
