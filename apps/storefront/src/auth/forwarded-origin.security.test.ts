import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET as logout } from '../app/api/auth/logout/route';
import { originOfRequest } from './route-guards';

/**
 * Issue 20 item 10: X-Forwarded-Host and X-Forwarded-Proto come from whoever sends the request unless a
 * reverse proxy we trust (TRUST_PROXY=true) sets them: the logout redirect, and every return address and
 * same-origin check built on `originOfRequest`, ignore them otherwise.
 */
describe('the origin of a request', () => {
  const forged = new Headers({
    host: 'catalogue.example.com',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  });

  it('is the Host header and the URL scheme without a trusted proxy', () => {
    expect(originOfRequest(forged, 'http://catalogue.example.com/api/auth/logout', false)).toBe(
      'http://catalogue.example.com',
    );
  });

  it("is the proxy's forwarded host and scheme behind a trusted proxy", () => {
    expect(originOfRequest(forged, 'http://catalogue.example.com/api/auth/logout', true)).toBe(
      'https://evil.example',
    );
  });

  it('keeps the logout redirect on the site when a request names another host (TRUST_PROXY unset)', async () => {
    const answer = await logout(
      new NextRequest('http://catalogue.example.com/api/auth/logout?redirectURI=%2Fnewsletter', {
        headers: forged,
      }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('http://catalogue.example.com/newsletter');
  });
});
