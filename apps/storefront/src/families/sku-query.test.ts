import { describe, expect, it } from 'vitest';
import { filtersFor, readSkuQuery, skuQueryString, sortByFor, sortLinkQuery } from './sku-query';

describe('readSkuQuery', () => {
  it('reads sort, page, page size and facet filters from the URL', () => {
    const query = readSkuQuery({
      sort: '!weight',
      page: '3',
      size: '50',
      'xp.Material': ['steel', 'aluminium', 'steel'],
      'xp.Certifications': 'UL',
    });
    expect(query.sort).toEqual({ column: 'weight', descending: true });
    expect(query.page).toBe(3);
    expect(query.pageSize).toBe(50);
    expect(filtersFor(query.filters)).toEqual({
      'xp.Material': 'steel|aluminium',
      'xp.Certifications': 'UL',
    });
    expect(sortByFor(query.sort, 'de')).toEqual(['!xp.WeightKg']);
    expect(sortByFor({ column: 'name', descending: false }, 'de')).toEqual(['xp.Names.de']);
  });

  it('falls back to the defaults for malformed values and drops filter syntax from values', () => {
    const query = readSkuQuery({
      sort: 'price',
      page: '0',
      size: '1000',
      'xp.Material': ['a|b', '*', ''],
      'xp.bad path': 'x',
    });
    expect(query).toEqual({ sort: null, page: 1, pageSize: 24, filters: new Map() });
    expect(readSkuQuery({ page: '-2' }).page).toBe(1);
  });

  it('writes the URL of a view back, defaults left out, and toggles sort direction', () => {
    const query = readSkuQuery({ 'xp.Material': 'steel', sort: 'name', page: '2' });
    expect(skuQueryString(query)).toBe('?xp.Material=steel&sort=name&page=2');
    expect(skuQueryString(sortLinkQuery(query, 'name'))).toBe('?xp.Material=steel&sort=%21name');
    expect(skuQueryString(sortLinkQuery(query, 'length'))).toBe('?xp.Material=steel&sort=length');
    expect(skuQueryString(readSkuQuery({}))).toBe('');
  });
});
