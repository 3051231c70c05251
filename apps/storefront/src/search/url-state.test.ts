import { describe, expect, it } from 'vitest';
import { DEFAULT_RESULTS_PER_PAGE, pagerPages, readSearchUrl, sameSearch, searchUrlOf } from './url-state';

const facetId = 'facetid_eyJ0eXBlIjoiZXEiLCJuYW1lIjoiYnJhbmQiLCJ2YWx1ZSI6IkFjbWUifQ==';

describe('search URL state', () => {
  it('reads every part of the state', () => {
    const state = readSearchUrl(
      `q=${encodeURIComponent('  conduit   body ')}&sort=name_asc&size=48&page=3&f=brand:${facetId}&f=type:facetid_x`,
    );
    expect(state).toEqual({
      keyphrase: 'conduit body',
      page: 3,
      itemsPerPage: 48,
      sortType: 'name_asc',
      selectedFacets: [
        { facetId: 'brand', facetValueId: facetId },
        { facetId: 'type', facetValueId: 'facetid_x' },
      ],
    });
  });

  it('round-trips: state → URL → the same state, defaults left out', () => {
    const state = readSearchUrl(`q=strut&f=brand:${facetId}&page=2&sort=relevance&size=12`);
    const url = searchUrlOf(state);
    expect(readSearchUrl(url)).toEqual(state);
    expect(searchUrlOf(readSearchUrl('q=strut'))).toBe('q=strut');
    expect(searchUrlOf(readSearchUrl('q=strut&page=1&size=24'))).toBe('q=strut');
    expect(sameSearch(readSearchUrl('q=a&page=1'), readSearchUrl('q=a'))).toBe(true);
  });

  it('ignores what it cannot use instead of failing', () => {
    const state = readSearchUrl(
      'page=-2&size=13&sort=<script>&f=nocolon&f=:x&f=brand:&f=bad name:x&f=brand:a%22b',
    );
    expect(state).toEqual({
      keyphrase: '',
      page: 1,
      itemsPerPage: DEFAULT_RESULTS_PER_PAGE,
      sortType: '',
      selectedFacets: [],
    });
    expect(readSearchUrl('page=99999999').page).toBe(1);
    expect(readSearchUrl(`q=${'x'.repeat(500)}`).keyphrase).toHaveLength(200);
    expect(readSearchUrl('f=a:b&f=a:b').selectedFacets).toHaveLength(1);
  });

  it('lists pager pages with gaps', () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(1, 0)).toEqual([]);
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pagerPages(10, 10)).toEqual([1, null, 9, 10]);
  });
});
