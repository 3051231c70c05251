import { describe, expect, it } from 'vitest';
import { pointOfSale } from './point-of-sale';

describe('pointOfSale', () => {
  it('is the site name on the root path', () => {
    expect(pointOfSale('Northfield', '/')).toBe('Northfield');
    expect(pointOfSale('Northfield', '/?q=x')).toBe('Northfield');
  });

  it('adds the first path segment elsewhere', () => {
    expect(pointOfSale('Northfield', '/products/conduit-fittings')).toBe('Northfield/products');
    expect(pointOfSale('Northfield', '/Search?q=tray')).toBe('Northfield/search');
  });
});
