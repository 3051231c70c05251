import type { IncomingMessage, ServerResponse } from 'node:http';
import { urlProblem } from '@catalogue/service-kit/input-guard';
import { type BodyCheck, refusedBodyPage } from './body-guard';

/**
 * The storefront's edge (issue 20 item 8): every request the single server hands to Next has its URL
 * checked with the services' rules (`@catalogue/service-kit/input-guard`: NUL, path segments that do not
 * decode) before Next reads it. The storefront's own routes (`/api/*`) answer 400 in their `{error}`
 * shape; anything else is a page, and is sent to `refusedPagePath` (the site's 404 page in the URL's
 * locale), or answered with a plain 400 without one. JSON bodies of `/api/*` are checked by their one
 * reader (`readJsonBody`).
 *
 * Returns true when the request has been answered.
 */
export function guardPageRequest(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  refusedPagePath: ((pathname: string) => string) | undefined,
): boolean {
  const problem = urlProblem(req.url ?? '/');
  if (!problem) return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    res.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ error: problem.message }));
    return true;
  }
  if (refusedPagePath) {
    req.url = refusedPagePath(pathname);
    return false;
  }
  res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`Bad Request: ${problem.message}`);
  return true;
}

/**
 * Answers a refused request body (`body-guard.ts`): `/api/*` with its status in the `{error}` shape; a page
 * becomes the GET of `refusedPagePath` (the site's 404 page), returned for Next to answer, or a plain 400
 * without one. Null when the request has been answered here.
 */
export function refuseBody(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  check: Extract<BodyCheck, { ok: false }>,
  refusedPagePath: ((pathname: string) => string) | undefined,
): IncomingMessage | null {
  if (check.status === 413) res.setHeader('connection', 'close');
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    res.writeHead(check.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ error: check.message }));
    return null;
  }
  if (refusedPagePath) return refusedBodyPage(req, refusedPagePath(pathname));
  res.writeHead(check.status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`Bad Request: ${check.message}`);
  return null;
}
