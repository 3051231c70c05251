import {
  getRedirectUrl,
  getRewrittenUrl,
  isRewrite,
  unstable_doesMiddlewareMatch,
} from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from './proxy';
import { LOCALE_HEADER, PATH_HEADER } from './routing/locale-header';

describe('proxy matcher', () => {
  it('runs on pages of every locale', () => {
    for (const url of ['/', '/products/x', '/fr-ca', '/fr-ca/products/x', '/en-us/products', '/contents']) {
      expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(true);
    }
  });

  it('skips Next internals, API routes, service prefixes and files', () => {
    for (const url of [
      '/_next/static/chunks/main.js',
      '/api/sendEmail',
      '/healthz',
      '/ordercloud/v1/me',
      '/discover/api/event/v4/publish',
      '/content/graphql',
      '/favicon.ico',
      '/fr-ca/robots.txt',
    ]) {
      expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(false);
    }
  });
});

describe('proxy', () => {
  const call = (path: string) => proxy(new NextRequest(new URL(path, 'http://shop.test')));

  it('rewrites an unprefixed URL to the en-us segment, keeping the query, and names the locale', () => {
    const response = call('/rep-locator?postalCode=10001');
    expect(isRewrite(response)).toBe(true);
    expect(getRewrittenUrl(response)).toBe('http://shop.test/en-us/rep-locator?postalCode=10001');
    expect(response.headers.get(`x-middleware-request-${LOCALE_HEADER}`)).toBe('en-US');
    expect(response.headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe('/rep-locator');
  });

  it('moves the table view of a family page into its path (cached per view), in every locale', () => {
    const response = call('/products/cable-tray?sort=name&utm_source=mail');
    expect(getRewrittenUrl(response)).toBe('http://shop.test/en-us/products/cable-tray/~sort%3Dname');
    expect(response.headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe('/products/cable-tray');
    const prefixed = call('/fr-ca/products/cable-tray?page=2');
    expect(isRewrite(prefixed)).toBe(true);
    expect(getRewrittenUrl(prefixed)).toBe('http://shop.test/fr-ca/products/cable-tray/~page%3D2');
    expect(prefixed.headers.get(`x-middleware-request-${LOCALE_HEADER}`)).toBe('fr-CA');
  });

  it('redirects /en-us permanently to the unprefixed URL', () => {
    const response = call('/en-us/products?page=2');
    expect(response.status).toBe(308);
    expect(getRedirectUrl(response)).toBe('http://shop.test/products?page=2');
  });

  it('lets a prefixed locale through with its locale', () => {
    const response = call('/de-eu/products');
    expect(isRewrite(response)).toBe(false);
    expect(getRedirectUrl(response)).toBeNull();
    expect(response.headers.get(`x-middleware-request-${LOCALE_HEADER}`)).toBe('de-EU');
    expect(response.headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe('/products');
    expect(call('/de-eu').headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe('/');
  });
});
