import { describe, expect, it } from 'vitest';
import {
  FACET_LIMITS,
  filtersFor,
  keepShownFacets,
  readSkuQuery,
  skuQueryString,
  sortByFor,
  sortLinkQuery,
} from './sku-query';

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
    // Canonical: values sorted, duplicates dropped (the same choice in any order is one cached view).
    expect(filtersFor(query.filters)).toEqual({
      'xp.Material': 'aluminium|steel',
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

describe('the facet choice a family page reads (issue 20: bounded, canonical)', () => {
  const many = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i));

  it('keeps at most FACET_LIMITS of facets, values and characters, whatever the URL holds', () => {
    const params: Record<string, string[]> = {};
    for (let f = 0; f < 20; f++) params[`xp.F${String(f).padStart(2, '0')}`] = many(400, (i) => `v${i}`);
    const query = readSkuQuery(params);
    expect(query.filters.size).toBeLessThanOrEqual(FACET_LIMITS.facets);
    const chosen = [...query.filters.values()];
    for (const values of chosen) expect(values.length).toBeLessThanOrEqual(FACET_LIMITS.valuesPerFacet);
    const encoded = chosen.flat().reduce((sum, v) => sum + encodeURIComponent(v).length, 0);
    expect(encoded).toBeLessThanOrEqual(FACET_LIMITS.encodedLength);
    expect(filtersFor(query.filters)['xp.F00']?.split('|')).toHaveLength(FACET_LIMITS.valuesPerFacet);
  });

  it('drops overlong values, deep or malformed paths, and reads one view for any order', () => {
    const query = readSkuQuery({
      'xp.Material': ['x'.repeat(FACET_LIMITS.valueLength + 1), 'steel'],
      'xp.a.b.c.d': 'x',
      [`xp.${'a'.repeat(65)}`]: 'x',
    });
    expect(filtersFor(query.filters)).toEqual({ 'xp.Material': 'steel' });
    const one = skuQueryString(readSkuQuery({ 'xp.B': ['2', '1'], 'xp.A': 'x', page: '2' }));
    const other = skuQueryString(readSkuQuery({ page: '2', 'xp.A': 'x', 'xp.B': ['1', '2', '1'] }));
    expect(one).toBe(other);
    expect(one).toBe('?xp.A=x&xp.B=1&xp.B=2&page=2');
  });

  it('keeps only the facets the family shows', () => {
    const shown = new Set(['Material', 'Finish']);
    const params = { 'xp.Material': 'steel', 'xp.Junk': 'x', 'xp.Finish': 'zinc' };
    expect([...readSkuQuery(params, shown).filters.keys()]).toEqual(['Finish', 'Material']);
    expect([...keepShownFacets(readSkuQuery(params), new Set(['Material'])).filters.keys()]).toEqual([
      'Material',
    ]);
  });
});
