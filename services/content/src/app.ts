import type { Database } from '@catalogue/db';
import { loggableError } from '@catalogue/db/errors';
import {
  clientAddressOf,
  defineService,
  type RouteEntry,
  routeTable,
  type Service,
  type ServiceOptions,
} from '@catalogue/service-kit';
import { CommerceTokenVerifier } from '@catalogue/service-kit/commerce-token';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type ContentConfig, contentConfigFromEnv } from './config';
import { previewOf, uncached } from './editing/preview';
import { startScheduleJob } from './editing/schedule-job';
import { createContentYoga } from './graphql/yoga';
import { errorResponse } from './http/errors';
import { inputGuard } from './http/input-guard';
import { unavailableResponse } from './http/unavailable';
import { NewsletterSignUps } from './newsletter/mutation';
import { ContentStore } from './store/content-store';

function emptyRefusal(status: number): Response {
  const message =
    status === 406
      ? 'None of the accepted media types can be served: accept application/json or application/graphql-response+json.'
      : `The request was refused (HTTP ${status}).`;
  return errorResponse(status, [
    { message, extensions: { code: status === 406 ? 'NOT_ACCEPTABLE' : 'BAD_REQUEST' } },
  ]);
}

export interface ContentServiceOptions extends ServiceOptions {
  config?: ContentConfig;
  /** The clock of the sign-up limits (tests hold it still); `Date.now` by default. */
  now?: () => number;
}

export interface ContentService extends Service {
  /** Every route (method and path pattern), e.g. for the input fuzz. */
  routes: RouteEntry[];
}

/**
 * The GraphQL content service: `/graphql` with localised CMS items and product marketing content.
 * Everything answers in GraphQL's `{ errors: [...] }` shape, including unknown paths and oversized bodies.
 */
export function createContentService(database: Database, options: ContentServiceOptions): ContentService {
  const config = options.config ?? contentConfigFromEnv();
  const basePath = options.basePath;
  const store = new ContentStore(database, config.CONTENT_CACHED_LOCALES);
  const newsletter = new NewsletterSignUps(config, options.now);
  const verifier = new CommerceTokenVerifier({
    baseUrl: config.COMMERCE_SERVICE_URL ?? null,
    issuer: config.COMMERCE_TOKEN_ISSUER,
    audience: config.COMMERCE_TOKEN_AUDIENCE,
  });
  const yoga = createContentYoga(store, database.db, config, basePath, newsletter, verifier);
  const stopCleanup = newsletter.startCleanup(database.db);
  const stopSchedules = startScheduleJob(database.db, config.CONTENT_SCHEDULE_INTERVAL_S);
  const app = new Hono().basePath(basePath || '/');
  app.use('*', inputGuard());
  const limitTo = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () =>
        errorResponse(413, [
          {
            message: `Request body too large: at most ${maxSize} bytes.`,
            extensions: { code: 'PAYLOAD_TOO_LARGE' },
          },
        ]),
    });
  const publicLimit = limitTo(config.CONTENT_MAX_BODY_BYTES);
  // An editor's save carries a whole item; the token is checked by the resolver, so an unchecked header
  // only buys the larger limit, not the write.
  const editorLimit = limitTo(Math.max(config.CONTENT_MAX_BODY_BYTES, config.CONTENT_MAX_WRITE_BODY_BYTES));
  app.use('/graphql', (c, next) =>
    (/^Bearer\s/i.test(c.req.header('authorization') ?? '') ? editorLimit : publicLimit)(c, next),
  );
  app.on(['GET', 'POST'], '/graphql', async (c) => {
    const clientAddress = clientAddressOf({
      socketAddress: socketAddress(c),
      forwardedFor: c.req.header('x-forwarded-for'),
      trustProxy: config.TRUST_PROXY,
    });
    const { preview, refusal } = await previewOf(verifier, c.req.raw);
    if (refusal) return refusal;
    const response = await yoga.fetch(c.req.raw, { clientAddress, preview });
    // graphql-yoga answers a few refusals (e.g. 406 for an Accept it cannot serve) without a body.
    if (response.status >= 400 && !response.headers.get('content-type')) return emptyRefusal(response.status);
    return preview ? uncached(response) : response;
  });
  app.all('/graphql', (c) =>
    errorResponse(
      405,
      [
        {
          message: `${c.req.method} is not supported: use GET or POST.`,
          extensions: { code: 'METHOD_NOT_ALLOWED' },
        },
      ],
      { allow: 'GET, POST' },
    ),
  );
  app.notFound((c) =>
    errorResponse(404, [
      {
        message: `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`,
        extensions: { code: 'NOT_FOUND' },
      },
    ]),
  );
  app.onError((error, c) => {
    const unavailable = unavailableResponse(error, `${c.req.method} ${new URL(c.req.url).pathname}`);
    if (unavailable) return unavailable;
    console.error('[content] unhandled error:', loggableError(error));
    return errorResponse(500, [
      { message: 'An unexpected error occurred.', extensions: { code: 'INTERNAL' } },
    ]);
  });
  const service = defineService('content', basePath, app.fetch);
  return {
    ...service,
    routes: routeTable(app.routes),
    stop() {
      stopCleanup();
      stopSchedules();
      service.stop();
    },
  };
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No socket: a request sent in-process by code of this process (the storefront).
    return undefined;
  }
}
