import { describe, expect, it } from 'vitest';
import { internalFamilyPath } from './family-view';

describe('the internal path of a family page with a query', () => {
  it('moves the table view into the path and drops what does not change the page', () => {
    expect(internalFamilyPath('/en-us/products/a/b', new URLSearchParams('page=2&utm_source=x'))).toEqual({
      pathname: '/en-us/products/a/b/~page%3D2',
    });
    expect(internalFamilyPath('/de-eu/products/a', new URLSearchParams('utm_source=x'))).toEqual({
      pathname: '/de-eu/products/a',
    });
  });

  it('leaves other pages and family pages without a view alone', () => {
    expect(internalFamilyPath('/en-us/rep-locator', new URLSearchParams('postalCode=1'))).toBeNull();
    expect(internalFamilyPath('/en-us/products/a', new URLSearchParams(''))).toBeNull();
  });

  it('makes a view segment written in the path canonical too, so no URL adds a cached page', () => {
    expect(internalFamilyPath('/en-us/products/a/~page%3D2', new URLSearchParams('page=3'))).toEqual({
      pathname: '/en-us/products/a/~page%3D2',
    });
    expect(
      internalFamilyPath(
        '/en-us/products/a/~page%3D2%26utm_source%3Dx%26xp.B%3D2%26xp.B%3D1',
        new URLSearchParams(),
      ),
    ).toEqual({ pathname: '/en-us/products/a/~xp.B%3D1%26xp.B%3D2%26page%3D2' });
    expect(internalFamilyPath('/en-us/products/a/~junk%3D1', new URLSearchParams())).toEqual({
      pathname: '/en-us/products/a',
    });
  });

  it('keeps only the facets the family shows in the cache key', () => {
    const shown = new Set(['Material']);
    const junk = new URLSearchParams('xp.Material=steel&xp.Junk1=a&xp.Junk2=b');
    expect(internalFamilyPath('/en-us/products/a', junk, shown)).toEqual({
      pathname: '/en-us/products/a/~xp.Material%3Dsteel',
    });
    expect(internalFamilyPath('/en-us/products/a', new URLSearchParams('xp.Junk=a'), shown)).toEqual({
      pathname: '/en-us/products/a',
    });
  });
});
