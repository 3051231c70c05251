import { describe, expect, it } from 'vitest';
import { splitViewSegment, viewSegmentOf } from './sku-query';

describe('the table view carried in the path of a cached family page', () => {
  it('is canonical: defaults and unknown parameters are left out, so such URLs share one page', () => {
    expect(viewSegmentOf(new URLSearchParams(''))).toBeNull();
    expect(viewSegmentOf(new URLSearchParams('utm_source=mail&page=1&size=24'))).toBeNull();
    expect(viewSegmentOf(new URLSearchParams('page=2&sort=!name&utm_source=x'))).toBe(
      viewSegmentOf(new URLSearchParams('sort=!name&page=2')),
    );
  });

  it('round-trips sort, page, size and facet filters through the segment', () => {
    const segment = viewSegmentOf(
      new URLSearchParams('xp.Material=steel&xp.Material=a%26b&sort=name&page=3&size=50'),
    );
    expect(segment).not.toBeNull();
    expect(segment).not.toContain('/');
    const { slugs, query } = splitViewSegment(['conduit', 'emt', segment ?? '']);
    expect(slugs).toEqual(['conduit', 'emt']);
    expect(query).toEqual({
      sort: { column: 'name', descending: false },
      page: 3,
      pageSize: 50,
      filters: new Map([['Material', ['a&b', 'steel']]]),
    });
  });

  it('leaves slugs alone without a segment and falls back to the default view on a malformed one', () => {
    expect(splitViewSegment(['conduit']).slugs).toEqual(['conduit']);
    const broken = splitViewSegment(['conduit', '~%E0%A4%A']);
    expect(broken.slugs).toEqual(['conduit']);
    expect(broken.query.page).toBe(1);
  });
});
