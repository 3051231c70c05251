import { describe, expect, it } from 'vitest';
import { itemHref, itemImage, safePath, searchHref } from './links';
import { addToProjectEventOf, PROJECT_ADD_EVENT } from './project-event';

describe('result links', () => {
  it('accepts only same-site paths from the service', () => {
    expect(safePath('/products/a')).toBe('/products/a');
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil',
      '',
      5,
      null,
    ]) {
      expect(safePath(bad)).toBeNull();
    }
    expect(itemImage({ id: 'x', image_url: 'javascript:alert(1)' })).toBeNull();
  });

  it('links products to their page and content to its path, in the locale', () => {
    expect(itemHref({ id: 'AB-12/3' }, 'product', 'fr-CA')).toBe('/fr-ca/product/AB-12%2F3');
    expect(itemHref({ id: 'x', url: '/fr-ca/products/strut' }, 'content', 'fr-CA')).toBe(
      '/fr-ca/products/strut',
    );
    expect(itemHref({ id: 'x', url: '/products/strut' }, 'content', 'fr-CA')).toBe('/fr-ca/products/strut');
    expect(itemHref({ id: 'x', url: '/products/strut' }, 'content', 'en-US')).toBe('/products/strut');
    expect(itemHref({ id: 'x', name: 'Strut', url: '//evil.example' }, 'content', 'en-US')).toBe(
      '/search?q=Strut',
    );
    expect(searchHref('de-EU', 'Rohr & Bogen')).toBe('/de-eu/search?q=Rohr+%26+Bogen');
  });
});

describe('add-to-project event', () => {
  const event = (detail: unknown) => new CustomEvent(PROJECT_ADD_EVENT, { detail });

  it('reads the add of the page’s own product', () => {
    expect(
      addToProjectEventOf(event({ productId: 'P-1', quantity: 3, projectId: 'o1', source: 'product-page' })),
    ).toEqual({
      productId: 'P-1',
      projectId: 'o1',
      source: 'product-page',
    });
  });

  it('ignores malformed events', () => {
    expect(addToProjectEventOf(event({ productId: '' }))).toBeNull();
    expect(addToProjectEventOf(event({ productId: 5 }))).toBeNull();
    expect(addToProjectEventOf(event(null))).toBeNull();
    expect(addToProjectEventOf(new Event(PROJECT_ADD_EVENT))).toBeNull();
  });
});
