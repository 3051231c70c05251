import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import type { Database } from '@catalogue/db';
import type { Service } from '@catalogue/service-kit';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import { checkBody, hasBody } from './body-guard';
import { answerNonce, applyContentSecurityPolicy, type PagePolicy } from './content-security-policy';
import { healthReport } from './health';
import { guardPageRequest, refuseBody } from './input-guard';
import { paintFirst } from './paint-first';
import { ResponseCache } from './response-cache/response-cache';
import type { StaticAssets } from './static-assets';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SiteOptions {
  database: Database;
  /** Services mounted under their `basePath` (e.g. '/ordercloud'). */
  services: Service[];
  /** Everything else: Next.js's request handler. */
  pages: NodeHandler;
  pagesState: () => string;
  /** Keep a reverse proxy's X-Forwarded-For (TRUST_PROXY); otherwise pages get the socket's address. */
  trustProxy?: boolean;
  /** Next's build assets in Brotli (served before Next, which only gzips). */
  staticAssets?: StaticAssets;
  /** Where a page request with a refused URL goes (the storefront's 404 page in the URL's locale). */
  refusedPagePath?: (pathname: string) => string;
  /** The pages' Content-Security-Policy (content-security-policy.ts); none without it. */
  contentSecurityPolicy?: PagePolicy;
  /**
   * Finished answers of cached pages, served without Next (response-cache/response-cache.ts); used only
   * with a Content-Security-Policy, whose per-answer nonce it fills in.
   */
  responseCache?: ResponseCache;
}

/**
 * The one HTTP server: `/healthz`, then each service prefix straight to its Hono app (never through
 * Next.js, which costs several times the throughput), then Next.js for pages and `/api/*`.
 */
export function createSiteServer({
  database,
  services,
  pages,
  pagesState,
  trustProxy = false,
  staticAssets,
  refusedPagePath,
  contentSecurityPolicy,
  responseCache,
}: SiteOptions): Server {
  const routes = services.map((service) => ({
    prefix: service.basePath,
    // The adapter's lightweight Request/Response (installed as the globals; they inherit from the real
    // ones, which Next.js keeps working with) halve the cost of every API answer: see the decision log.
    listener: getRequestListener(service.fetch, { overrideGlobalObjects: true }),
  }));
  const compress = compression({
    brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 20 } },
  }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const pathEnd = url.search(/[?#]/);
    const pathname = pathEnd === -1 ? url : url.slice(0, pathEnd);
    if (pathname === '/healthz') {
      void answerHealth(req, res, database, services, pagesState);
      return;
    }
    for (const route of routes) {
      if (pathname === route.prefix || pathname.startsWith(`${route.prefix}/`)) {
        void route.listener(req, res);
        return;
      }
    }
    if (guardPageRequest(req, res, pathname, refusedPagePath)) return;
    if (staticAssets?.serve(req, res, pathname)) return;
    if (responseCache && contentSecurityPolicy && ResponseCache.eligible(req)) {
      responseCache.serve(req, res).then(
        (outcome) => {
          if (outcome !== 'served') servePage(req, res, outcome === 'miss');
        },
        (error: unknown) => {
          console.error('[server] answering a stored page failed:', error);
          if (res.headersSent) res.destroy();
          else servePage(req, res, false);
        },
      );
      return;
    }
    if (hasBody(req)) {
      checkBody(req, MAX_BODY_BYTES).then(
        (check) => {
          if (check.ok) return servePage(check.request, res);
          const page = refuseBody(req, res, pathname, check, refusedPagePath);
          if (page) servePage(page, res);
        },
        () => res.destroy(), // the client went away while sending its body
      );
      return;
    }
    servePage(req, res);
  });
  /**
   * Next's answer for a page, a route or a server action, rewritten and compressed on its way out;
   * `record`: kept by the response cache if it can be answered again.
   */
  const servePage = (req: IncomingMessage, res: ServerResponse, record = false) => {
    keepPagesOutOfSharedCaches(res);
    req.headers['x-forwarded-for'] = forwardedFor(req, trustProxy);
    if (!trustProxy) dropForwardedOrigin(req);
    // Pages' compression is done here, not by Next (`compress: false`): the paint-first rewrite needs
    // the HTML's text, and Brotli comes with it. Next writes → nonce swap → paint-first → compression →
    // socket (each wrapper installed later sees the bytes earlier). The response cache looks at the
    // bytes between paint-first and compression: the finished text, with the answer's nonce.
    compress(req, res, () => {
      const nonce = contentSecurityPolicy ? answerNonce() : undefined;
      const handle = () => {
        paintFirst(res, nonce);
        if (contentSecurityPolicy && nonce)
          applyContentSecurityPolicy(req, res, contentSecurityPolicy, nonce);
        return pages(req, res);
      };
      const handled =
        record && responseCache && nonce ? responseCache.record(req, res, nonce, handle) : handle();
      Promise.resolve(handled).catch((error: unknown) => {
        console.error('[server] page handler failed:', error);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader('content-type', 'text/plain; charset=utf-8');
        }
        res.end('Internal Server Error');
      });
    });
  };
  server.keepAliveTimeout = 65_000;
  return server;
}

/**
 * The largest body a page, server action or `/api/*` route gets: Next's limit of a server action's body
 * (`serverActions.bodySizeLimit`, 1 MB), above every route's own (the CSV import's 256 KB).
 */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The X-Forwarded-For pages see: one address, the visitor's as far as this server can vouch for it — the
 * socket's peer, or behind a trusted proxy (TRUST_PROXY) the last entry of its chain, the one the proxy
 * appended (whatever stands left of it, the client wrote itself). Everything downstream (the storefront's
 * limits per visitor, the services' in-process calls) then reads a single trusted value. Next.js itself
 * only fills the header in when it is missing.
 */
export function forwardedFor(req: IncomingMessage, trustProxy: boolean): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return socket;
  const incoming = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(incoming) ? incoming.join(',') : (incoming ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain.at(-1) ?? socket;
}

/**
 * Without a trusted proxy, X-Forwarded-Host, -Proto and -Port come from whoever sent the request: pages
 * never see them, so nothing (a redirect, Next's server-action origin check) builds an address on them.
 * Next fills them in from the Host header and the socket itself.
 */
export function dropForwardedOrigin(req: IncomingMessage): void {
  delete req.headers['x-forwarded-host'];
  delete req.headers['x-forwarded-proto'];
  delete req.headers['x-forwarded-port'];
}

async function answerHealth(
  req: IncomingMessage,
  res: ServerResponse,
  database: Database,
  services: Service[],
  pagesState: () => string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Method not allowed: use GET /healthz' }));
    return;
  }
  const { status, body } = await healthReport(database, services, pagesState);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
}

/** What cached pages say instead of Next's `s-maxage=31536000` (see keepPagesOutOfSharedCaches). */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Next marks pages of its route cache `Cache-Control: s-maxage=31536000`: a CDN or proxy in front would
 * keep a page for a year and show it after an edit. The page cache here knows when a page changes
 * (server/src/page-cache/); a shared cache would not, so pages tell every cache to ask again each time.
 */
export function keepPagesOutOfSharedCaches(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() === 'cache-control' && /\bs-maxage=/.test(String(value))) {
      return setHeader(name, PAGE_CACHE_CONTROL);
    }
    return setHeader(name, value);
  };
}
