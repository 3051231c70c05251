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

/** Resolves every request's client address once, knowing whether a proxy is trusted. */
export function clientAddressResolver(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientAddress', resolveClientAddress(c, trustProxy));
    await next();
  };
}

/** The request's client address (see `resolveClientAddress`). */
export function clientAddress(c: Context): string {
  return (c.get('clientAddress') as string | undefined) ?? resolveClientAddress(c, false);
}
