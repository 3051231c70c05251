import { describe, expect, it } from 'vitest';
import { parseProductQuery, productListOptions, productSearch } from './product-query';

describe("the admin product list's URL", () => {
  it('reads filters, sort and page, and turns them into the SDK list options', () => {
    const query = parseProductQuery({
      search: ' conduit ',
      active: 'false',
      sort: '!Name',
      page: '3',
      catalog: 'catalog-us',
    });
    expect(query).toEqual({
      search: 'conduit',
      active: 'false',
      catalog: 'catalog-us',
      sort: '!Name',
      page: 3,
    });
    expect(productListOptions(query)).toMatchObject({
      search: 'conduit',
      catalogID: 'catalog-us',
      filters: { Active: 'false' },
      sortBy: ['!Name'],
      page: 3,
      pageSize: 25,
    });
    expect(productSearch(query, { page: 1 })).toBe(
      '?search=conduit&active=false&catalog=catalog-us&sort=%21Name',
    );
  });

  it('drops what it does not know instead of failing, and keeps defaults out of the URL', () => {
    const query = parseProductQuery({
      search: 'x'.repeat(500),
      active: 'maybe',
      sort: 'Price; drop table',
      page: ['-4', '2'],
      catalog: '../etc',
    });
    expect(query).toEqual({ search: '', active: 'all', catalog: '', sort: 'ID', page: 1 });
    expect(productSearch(query)).toBe('');
    expect(productListOptions(query)).not.toHaveProperty('search');
    expect(parseProductQuery({ page: '99999999' }).page).toBe(1);
  });
});
