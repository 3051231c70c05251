import { describe, expect, it } from 'vitest';
import { decideRoute } from './proxy-decision';

describe('decideRoute', () => {
  it('serves the default locale from its internal segment without changing the address', () => {
    expect(decideRoute('/')).toEqual({ action: 'rewrite', pathname: '/en-us', locale: 'en-US' });
    expect(decideRoute('/products/conduit-fittings')).toEqual({
      action: 'rewrite',
      pathname: '/en-us/products/conduit-fittings',
      locale: 'en-US',
    });
  });

  it('serves prefixed locales as they are', () => {
    expect(decideRoute('/fr-ca')).toEqual({ action: 'next', locale: 'fr-CA' });
    expect(decideRoute('/de-eu/products/x')).toEqual({ action: 'next', locale: 'de-EU' });
  });

  it('redirects an explicit en-us prefix to the unprefixed URL', () => {
    expect(decideRoute('/en-us')).toEqual({ action: 'redirect', pathname: '/' });
    expect(decideRoute('/en-us/products/x')).toEqual({ action: 'redirect', pathname: '/products/x' });
    expect(decideRoute('/EN-US/products')).toEqual({ action: 'redirect', pathname: '/products' });
  });

  it('redirects a locale prefix in the wrong case to its lowercase form', () => {
    expect(decideRoute('/fr-CA')).toEqual({ action: 'redirect', pathname: '/fr-ca' });
    expect(decideRoute('/De-Eu/products/x')).toEqual({ action: 'redirect', pathname: '/de-eu/products/x' });
  });

  it('sends an unknown locale-looking prefix to the default locale, where it is not found', () => {
    expect(decideRoute('/xx-yy/products')).toEqual({
      action: 'rewrite',
      pathname: '/en-us/xx-yy/products',
      locale: 'en-US',
    });
    expect(decideRoute('/fr-cab')).toEqual({ action: 'rewrite', pathname: '/en-us/fr-cab', locale: 'en-US' });
  });

  it('leaves Next internals, API routes, services and files alone', () => {
    for (const path of [
      '/_next/static/chunks/app.js',
      '/api/contentHubApi',
      '/api',
      '/healthz',
      '/ordercloud/v1/me',
      '/discover/api/discover/v2',
      '/content/graphql',
      '/favicon.ico',
      '/fr-ca/robots.txt',
    ]) {
      expect(decideRoute(path), path).toEqual({ action: 'pass' });
    }
  });

  it('still localizes pages whose names merely start like a reserved prefix', () => {
    expect(decideRoute('/contents')).toMatchObject({ action: 'rewrite', pathname: '/en-us/contents' });
    expect(decideRoute('/apis')).toMatchObject({ action: 'rewrite', pathname: '/en-us/apis' });
  });
});
