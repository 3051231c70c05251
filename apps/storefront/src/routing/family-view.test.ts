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

  it('leaves other pages, family pages without a query and explicit view segments alone', () => {
    expect(internalFamilyPath('/en-us/rep-locator', new URLSearchParams('postalCode=1'))).toBeNull();
    expect(internalFamilyPath('/en-us/products/a', new URLSearchParams(''))).toBeNull();
    expect(internalFamilyPath('/en-us/products/a/~page%3D2', new URLSearchParams('page=3'))).toBeNull();
  });
});
