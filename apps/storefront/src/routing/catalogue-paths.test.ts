import { describe, expect, it } from 'vitest';
import {
  categoryPath,
  contentLinkHref,
  isExternalHref,
  productIdOfPath,
  productPath,
} from './catalogue-paths';

describe('categoryPath', () => {
  it('joins the slugs from the top level under /products, in the locale', () => {
    expect(categoryPath('en-US', ['conduit-fittings'])).toBe('/products/conduit-fittings');
    expect(categoryPath('fr-CA', ['conduit-fittings', 'emt-conduit'])).toBe(
      '/fr-ca/products/conduit-fittings/emt-conduit',
    );
  });
});

describe('contentLinkHref', () => {
  it('puts site paths in the locale and leaves other links alone', () => {
    expect(contentLinkHref('de-EU', '/about')).toBe('/de-eu/about');
    expect(contentLinkHref('en-US', '/about')).toBe('/about');
    expect(contentLinkHref('de-EU', 'https://example.com/x')).toBe('https://example.com/x');
    expect(contentLinkHref('de-EU', '//cdn.example.com/x')).toBe('//cdn.example.com/x');
    expect(contentLinkHref('de-EU', 'mailto:sales@example.com')).toBe('mailto:sales@example.com');
  });

  it('recognises links that leave the site', () => {
    expect(isExternalHref('https://example.com')).toBe(true);
    expect(isExternalHref('//example.com')).toBe(true);
    expect(isExternalHref('/de-eu/about')).toBe(false);
    expect(isExternalHref('mailto:sales@example.com')).toBe(false);
  });
});

describe('product paths', () => {
  it('puts the catalogue number under /product in the locale', () => {
    expect(productPath('en-US', 'EMT-075-10')).toBe('/product/EMT-075-10');
    expect(productPath('de-EU', 'EMT-075-10')).toBe('/de-eu/product/EMT-075-10');
  });

  it('reads the catalogue number back from product and prefab paths only', () => {
    expect(productIdOfPath('/product/EMT-075-10')).toBe('EMT-075-10');
    expect(productIdOfPath('/product/EMT-075-10/prefab')).toBe('EMT-075-10');
    expect(productIdOfPath('/product/A%20B')).toBe('A B');
    expect(productIdOfPath('/product/%E0%A4%A')).toBe('');
    expect(productIdOfPath('/products/a')).toBeNull();
    expect(productIdOfPath('/product')).toBeNull();
    expect(productIdOfPath('/product/x/other')).toBeNull();
  });
});
