import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './cross-site';

const request = (headers: Record<string, string>, url = 'http://127.0.0.1:3000/api/x') =>
  new Request(url, { method: 'POST', headers });

describe('isCrossSiteRequest', () => {
  it('trusts the browser’s Sec-Fetch-Site: only same-origin (or a typed-in navigation) passes', () => {
    expect(isCrossSiteRequest(request({ 'sec-fetch-site': 'same-origin' }), null)).toBe(false);
    expect(isCrossSiteRequest(request({ 'sec-fetch-site': 'none' }), null)).toBe(false);
    expect(isCrossSiteRequest(request({ 'sec-fetch-site': 'same-site' }), null)).toBe(true);
    expect(isCrossSiteRequest(request({ 'sec-fetch-site': 'cross-site' }), null)).toBe(true);
    // Sec-Fetch-Site wins over an Origin that would pass.
    expect(
      isCrossSiteRequest(request({ 'sec-fetch-site': 'cross-site', origin: 'http://127.0.0.1:3000' }), null),
    ).toBe(true);
  });

  it('else compares Origin with the site’s own origins', () => {
    const site = new URL('https://catalogue.example.com');
    expect(isCrossSiteRequest(request({ origin: 'https://catalogue.example.com' }), site)).toBe(false);
    expect(isCrossSiteRequest(request({ origin: 'http://127.0.0.1:3000' }), site)).toBe(false);
    expect(
      isCrossSiteRequest(
        request({
          origin: 'https://shop.example',
          'x-forwarded-host': 'shop.example',
          'x-forwarded-proto': 'https',
        }),
        null,
      ),
    ).toBe(false);
    expect(isCrossSiteRequest(request({ origin: 'http://shop.example', host: 'shop.example' }), null)).toBe(
      false,
    );
    expect(isCrossSiteRequest(request({ origin: 'https://evil.example' }), site)).toBe(true);
    expect(isCrossSiteRequest(request({ origin: 'null' }), site)).toBe(true);
    expect(
      isCrossSiteRequest(
        request({
          origin: 'http://shop.example',
          'x-forwarded-host': 'shop.example',
          'x-forwarded-proto': 'https',
        }),
        null,
      ),
    ).toBe(true);
  });

  it('lets requests without browser headers through (no session to ride on)', () => {
    expect(isCrossSiteRequest(request({}), null)).toBe(false);
  });
});
