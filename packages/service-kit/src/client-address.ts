import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address of the client behind a service request, as far as this process can vouch for it, for
 * limits per address (logins, event publishes, newsletter sign-ups, registrations):
 *
 * - over the network: the socket's peer; behind a trusted reverse proxy (`TRUST_PROXY=true`), the last
 *   entry of X-Forwarded-For, the one that proxy appended (whatever stands left of it the client wrote);
 * - in-process (no socket: the storefront's server code calling a service): the X-Forwarded-For the
 *   storefront passes on, which is the one address the site server vouched for when the page request
 *   arrived (`server/src/site.ts` `forwardedFor`);
 * - neither: `in-process`, one bucket for calls that name no visitor.
 */
export function clientAddressOf(request: {
  socketAddress: string | undefined;
  forwardedFor: string | null | undefined;
  trustProxy: boolean;
}): string {
  const last = (request.forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  if (!request.socketAddress) return last ?? 'in-process';
  return request.trustProxy ? (last ?? request.socketAddress) : request.socketAddress;
}

/**
 * The network an address belongs to, for counting "one client" when a client can pick new addresses
 * cheaply: IPv4 /24, IPv6 /48 (a site's usual allocation), IPv4-mapped IPv6 as IPv4. Anything else (the
 * `in-process` bucket, a proxy's odd entry) is its own network. Never the whole address, so what is
 * stored with an event does not name one machine.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped?.[1] ?? address;
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(plain)) return `${ipv6Groups(plain).slice(0, 3).join(':')}::/48`;
  return plain.slice(0, 100);
}

/** The eight groups of an IPv6 address, `::` expanded, without leading zeros (zone id dropped). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]?.toLowerCase().split('::') ?? [''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups.map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')));
}
