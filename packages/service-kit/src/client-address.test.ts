import { describe, expect, it } from 'vitest';
import { clientAddressOf, networkOf } from './client-address';

describe('clientAddressOf', () => {
  it('takes the socket, ignoring what the client wrote in X-Forwarded-For unless a proxy is trusted', () => {
    expect(
      clientAddressOf({ socketAddress: '203.0.113.9', forwardedFor: '1.2.3.4', trustProxy: false }),
    ).toBe('203.0.113.9');
    // Behind a trusted proxy: the entry it appended, not the client's own entries left of it.
    expect(
      clientAddressOf({ socketAddress: '10.0.0.2', forwardedFor: '6.6.6.6, 198.51.100.7', trustProxy: true }),
    ).toBe('198.51.100.7');
    expect(clientAddressOf({ socketAddress: '10.0.0.2', forwardedFor: null, trustProxy: true })).toBe(
      '10.0.0.2',
    );
  });

  it('reads an in-process call the way the site server wrote the page request’s header', () => {
    expect(
      clientAddressOf({ socketAddress: undefined, forwardedFor: '198.51.100.7', trustProxy: false }),
    ).toBe('198.51.100.7');
    // site.ts passes one address on, with or without a trusted proxy.
    expect(
      clientAddressOf({ socketAddress: undefined, forwardedFor: '198.51.100.7', trustProxy: true }),
    ).toBe('198.51.100.7');
    expect(clientAddressOf({ socketAddress: undefined, forwardedFor: undefined, trustProxy: false })).toBe(
      'in-process',
    );
  });
});

describe('networkOf', () => {
  it('cuts IPv4 to /24 and IPv6 to /48, IPv4-mapped addresses as IPv4', () => {
    expect(networkOf('203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('in-process')).toBe('in-process');
  });
});
