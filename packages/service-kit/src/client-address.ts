import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address of the client behind a service request, as far as this process can vouch for it, for
 * limits per address (event publishes, newsletter sign-ups):
 *
 * - over the network: the socket's peer; behind a trusted reverse proxy (`TRUST_PROXY=true`), the last
 *   entry of X-Forwarded-For, the one that proxy appended (whatever stands left of it the client wrote);
 * - in-process (no socket: the storefront's server code calling a service): the X-Forwarded-For the
 *   storefront passes on, which the site server wrote for the page request (`server/src/site.ts`: the
 *   socket's address, appended to a trusted proxy's chain), read the same way — its last entry is the
 *   socket, and with a trusted proxy the entry before it;
 * - neither: `in-process`, one bucket for calls that name no visitor.
 */
export function clientAddressOf(request: {
  socketAddress: string | undefined;
  forwardedFor: string | null | undefined;
  trustProxy: boolean;
}): string {
  const chain = (request.forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let peer = request.socketAddress;
  if (!peer) peer = chain.pop();
  if (!peer) return 'in-process';
  if (request.trustProxy) return chain.at(-1) ?? peer;
  return peer;
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
