import { describe, expect, it } from 'vitest';
import { facetValueId, parseFacetValueId } from './facet-id';

describe('facet value ids', () => {
  it('are facetid_ + base64 of {type: eq, name, value}', () => {
    const id = facetValueId('material', 'stainless-316');
    expect(id.startsWith('facetid_')).toBe(true);
    expect(JSON.parse(Buffer.from(id.slice(8), 'base64').toString('utf8'))).toEqual({
      type: 'eq',
      name: 'material',
      value: 'stainless-316',
    });
    expect(parseFacetValueId(id)).toEqual({ name: 'material', value: 'stainless-316' });
  });

  it('reject what is not one of them', () => {
    expect(parseFacetValueId('steel')).toBeNull();
    expect(parseFacetValueId('facetid_!!!')).toBeNull();
    expect(
      parseFacetValueId(`facetid_${Buffer.from('{"type":"gt","name":"a","value":1}').toString('base64')}`),
    ).toBeNull();
    expect(parseFacetValueId(`facetid_${Buffer.from('[1]').toString('base64')}`)).toBeNull();
  });
});
