import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedFor } from './site';

const request = (remoteAddress: string, header?: string) =>
  ({
    socket: { remoteAddress },
    headers: header ? { 'x-forwarded-for': header } : {},
  }) as unknown as IncomingMessage;

describe('the X-Forwarded-For pages see', () => {
  it("replaces a visitor's own header with the socket address unless a proxy is trusted", () => {
    expect(forwardedFor(request('203.0.113.9', '10.0.0.1'), false)).toBe('203.0.113.9');
    expect(forwardedFor(request('203.0.113.9'), false)).toBe('203.0.113.9');
    expect(forwardedFor(request('10.0.0.2', '198.51.100.7'), true)).toBe('198.51.100.7');
    expect(forwardedFor(request('10.0.0.2'), true)).toBe('10.0.0.2');
  });

  it('takes the address the trusted proxy appended, never one the client wrote to its left', () => {
    expect(forwardedFor(request('10.0.0.2', '6.6.6.6, 198.51.100.7'), true)).toBe('198.51.100.7');
    expect(forwardedFor(request('10.0.0.2', '6.6.6.6,198.51.100.7 '), true)).toBe('198.51.100.7');
  });
});
