import { describe, expect, it } from 'vitest';
import { categoryPath, contentLinkHref, isExternalHref } from './catalogue-paths';

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
