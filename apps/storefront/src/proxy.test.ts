import {
  getRedirectUrl,
  getRewrittenUrl,
  isRewrite,
  unstable_doesMiddlewareMatch,
} from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { config, proxy } from './proxy';
import { LOCALE_HEADER, PATH_HEADER } from './routing/locale-header';

// The catalogue as the proxy's product lookup sees it: one known product in en-US and de-EU.
vi.mock('./data/product-lookup', () => ({
  productVisibleInLocale: vi.fn(async (locale: string, id: string) => {
    if (id === 'BROKEN') throw new Error('commerce service down');
    return id === 'EMT-075-10' && (locale === 'en-US' || locale === 'de-EU');
  }),
}));

// The facets family pages show, as the proxy's facet lookup sees them.
vi.mock('./data/family-facets', () => ({
  shownFacetPaths: vi.fn(async () => new Set(['Material', 'Finish'])),
}));

describe('proxy matcher', () => {
  it('runs on pages of every locale', () => {
    for (const url of [
      '/',
      '/products/x',
      '/fr-ca',
      '/fr-ca/products/x',
      '/en-us/products',
      '/contents',
      '/en-us/products/x/~xp.Material%3Dsteel',
    ]) {
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
      '/.env',
    ]) {
      expect(unstable_doesMiddlewareMatch({ config, url }), url).toBe(false);
    }
  });
});

describe('proxy', () => {
  const call = async (path: string) => await proxy(new NextRequest(new URL(path, 'http://shop.test')));

  it('rewrites an unprefixed URL to the en-us segment, keeping the query, and names the locale', async () => {
    const response = await call('/rep-locator?postalCode=10001');
    expect(isRewrite(response)).toBe(true);
    expect(getRewrittenUrl(response)).toBe('http://shop.test/en-us/rep-locator?postalCode=10001');
    expect(response.headers.get(`x-middleware-request-${LOCALE_HEADER}`)).toBe('en-US');
    expect(response.headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe('/rep-locator');
  });

  it('moves the table view of a family page into its path (cached per view), in every locale', async () => {
    const response = await call('/products/cable-tray?sort=name&utm_source=mail');
    expect(getRewrittenUrl(response)).toBe('http://shop.test/en-us/products/cable-tray/~sort%3Dname');
    expect(response.headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe('/products/cable-tray');
    const prefixed = await call('/fr-ca/products/cable-tray?page=2');
    expect(isRewrite(prefixed)).toBe(true);
    expect(getRewrittenUrl(prefixed)).toBe('http://shop.test/fr-ca/products/cable-tray/~page%3D2');
    expect(prefixed.headers.get(`x-middleware-request-${LOCALE_HEADER}`)).toBe('fr-CA');
  });

  it('keeps only the facets the family shows in its view, in one order, also from a view segment', async () => {
    const junk = await call(
      '/products/cable-tray?xp.Material=steel&xp.Junk=1&xp.Finish=zinc&xp.Material=alu',
    );
    expect(getRewrittenUrl(junk), 'query').toBe(
      'http://shop.test/en-us/products/cable-tray/~xp.Finish%3Dzinc%26xp.Material%3Dalu%26xp.Material%3Dsteel',
    );
    const segment = await call('/products/cable-tray/~xp.Junk%3D1%26page%3D2');
    expect(getRewrittenUrl(segment), 'segment').toBe('http://shop.test/en-us/products/cable-tray/~page%3D2');
  });

  it('redirects /en-us permanently to the unprefixed URL', async () => {
    const response = await call('/en-us/products?page=2');
    expect(response.status).toBe(308);
    expect(getRedirectUrl(response)).toBe('http://shop.test/products?page=2');
  });

  it('lets a prefixed locale through with its locale', async () => {
    const response = await call('/de-eu/products');
    expect(isRewrite(response)).toBe(false);
    expect(getRedirectUrl(response)).toBeNull();
    expect(response.headers.get(`x-middleware-request-${LOCALE_HEADER}`)).toBe('de-EU');
    expect(response.headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe('/products');
    expect((await call('/de-eu')).headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe('/');
  });
});

describe('proxy on product pages', () => {
  const call = async (path: string) => await proxy(new NextRequest(new URL(path, 'http://shop.test')));

  it('serves a product the locale sells as usual', async () => {
    const response = await call('/product/EMT-075-10');
    expect(getRewrittenUrl(response)).toBe('http://shop.test/en-us/product/EMT-075-10');
    const prefixed = await call('/de-eu/product/EMT-075-10/prefab');
    expect(isRewrite(prefixed)).toBe(false);
  });

  it('sends an unknown product, or one of another region, to a path no route matches, keeping the path header', async () => {
    for (const [path, locale, target] of [
      ['/product/NOPE-1', 'en-US', 'http://shop.test/en-us/product'],
      ['/fr-ca/product/EMT-075-10', 'fr-CA', 'http://shop.test/fr-ca/product'],
      ['/product/%E0%A4%A', 'en-US', 'http://shop.test/en-us/product'],
    ] as const) {
      const response = await call(path);
      expect(getRewrittenUrl(response), path).toBe(target);
      expect(response.headers.get(`x-middleware-request-${LOCALE_HEADER}`)).toBe(locale);
      expect(response.headers.get(`x-middleware-request-${PATH_HEADER}`)).toBe(path.replace(/^\/fr-ca/, ''));
    }
  });

  it('lets the page answer when the lookup fails', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await call('/product/BROKEN');
    expect(getRewrittenUrl(response)).toBe('http://shop.test/en-us/product/BROKEN');
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});
