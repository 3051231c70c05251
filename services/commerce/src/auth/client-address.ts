import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * The address the per-address limits count (logins, password resets, registrations). Over the network:
 * the socket's peer, or behind a trusted reverse proxy (TRUST_PROXY=true) the last X-Forwarded-For entry,
 * the one that proxy appended — never an entry the client wrote. A request without a socket was sent
 * in-process by code of this same process (the storefront's login), which names its visitor in
 * X-Forwarded-For (the one address the site server vouched for, `server/src/site.ts`); it counts as
 * `in-process:<address>`, and without one all such calls share the `in-process` bucket.
 */
export function resolveClientAddress(c: Context, trustProxy: boolean): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  const forwarded = c.req
    .header('x-forwarded-for')
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  if (address) return trustProxy && forwarded ? forwarded : address;
  return forwarded ? `in-process:${forwarded}` : 'in-process';
}

/**
 * The routes whose limits count per client address. The resolver runs on these only: reading the socket
 * and the header on every request cost about 8 % of a plain read's throughput.
 */
export const ADDRESS_LIMITED_PATHS = [
  '/oauth/token',
  '/v1/password/reset',
  '/v1/password/reset/*',
  '/v1/me/register',
  '/v1/email/verification',
] as const;

/** Resolves the request's client address, knowing whether a proxy is trusted (`ADDRESS_LIMITED_PATHS`). */
export function clientAddressResolver(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientAddress', resolveClientAddress(c, trustProxy));
    await next();
  };
}

/** The request's client address (see `resolveClientAddress`), on a route of `ADDRESS_LIMITED_PATHS`. */
export function clientAddress(c: Context): string {
  const address = c.get('clientAddress') as string | undefined;
  // A route counting per address outside ADDRESS_LIMITED_PATHS would count every client behind a trusted
  // proxy as the proxy: fail loudly instead.
  if (address === undefined)
    throw new Error(`${c.req.path} counts per client address: add it to ADDRESS_LIMITED_PATHS`);
  return address;
}
