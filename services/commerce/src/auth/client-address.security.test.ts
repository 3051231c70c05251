import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { CommerceEnv } from '../http/env';
import { clientAddress, clientAddressResolver } from './client-address';

/** The address the per-address limits count, as a route sees it, for a request from `socket`. */
async function seenAddress(trustProxy: boolean, socket: string | undefined, forwardedFor?: string) {
  const app = new Hono<CommerceEnv>();
  app.use('*', clientAddressResolver(trustProxy));
  app.get('/', (c) => c.text(clientAddress(c)));
  const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined;
  const env = socket ? { incoming: { socket: { remoteAddress: socket, remotePort: 4000 } } } : undefined;
  return (await app.request('/', { headers }, env)).text();
}

describe('the client address of the per-address limits', () => {
  it('is the socket unless a proxy is trusted, whatever the client writes in X-Forwarded-For', async () => {
    expect(await seenAddress(false, '203.0.113.9', '6.6.6.6')).toBe('203.0.113.9');
  });

  it('is the entry the trusted proxy appended, never one the client wrote to its left', async () => {
    expect(await seenAddress(true, '10.0.0.2', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await seenAddress(true, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('names the visitor the storefront passes on for an in-process call', async () => {
    expect(await seenAddress(false, undefined, '198.51.100.7')).toBe('in-process:198.51.100.7');
    expect(await seenAddress(false, undefined)).toBe('in-process');
  });
});
