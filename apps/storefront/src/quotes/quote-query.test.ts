import { describe, expect, it } from 'vitest';
import { commerceListSearch, parseQuoteListQuery, quoteListHref } from './quote-query';

describe("the quote list's URL", () => {
  it('reads a page and a known status, and falls back on anything else', () => {
    expect(parseQuoteListQuery({ page: '3', status: 'Quoted' })).toEqual({ page: 3, status: 'Quoted' });
    expect(parseQuoteListQuery({ page: '0', status: 'quoted' })).toEqual({ page: 1, status: null });
    expect(parseQuoteListQuery({ page: '2.5', status: ['Expired', 'Quoted'] })).toEqual({
      page: 1,
      status: 'Expired',
    });
    expect(parseQuoteListQuery({ page: '99999', status: 'Status=Quoted|Accepted' })).toEqual({
      page: 1,
      status: null,
    });
  });

  it('writes the page and the filter back, leaving the defaults out', () => {
    expect(quoteListHref('/fr-ca/quotes', { page: 1, status: null })).toBe('/fr-ca/quotes');
    expect(quoteListHref('/quotes', { page: 2, status: 'ChangesRequested' })).toBe(
      '/quotes?status=ChangesRequested&page=2',
    );
  });

  it('asks the commerce service with its list grammar, newest first', () => {
    const search = new URLSearchParams(commerceListSearch({ page: 2, status: 'Quoted' }));
    expect(Object.fromEntries(search)).toEqual({
      page: '2',
      pageSize: '20',
      Status: 'Quoted',
      sortBy: '!DateSubmitted',
    });
    expect(new URLSearchParams(commerceListSearch({ page: 1, status: null })).has('Status')).toBe(false);
  });
});
