import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address the per-address limit counts: the socket's peer for a request over the network. A request
 * without a socket was sent in-process by code of this same process (the storefront's login), which names
 * its visitor in X-Forwarded-For (set by the site server from the visitor's socket, never taken from the
 * visitor); without one, all such calls share the `in-process` bucket.
 */
export function clientAddress(c: Context): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  if (address) return address;
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded ? `in-process:${forwarded}` : 'in-process';
}
