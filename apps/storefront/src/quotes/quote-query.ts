import { QUOTE_STATUSES, type QuoteStatus } from './quote-wire';

/** The list's URL state (`/quotes?status=Quoted&page=2`): anything else falls back to the defaults. */

export const QUOTES_PAGE_SIZE = 20;

export interface QuoteListQuery {
  page: number;
  status: QuoteStatus | null;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function parseQuoteListQuery(search: Record<string, string | string[] | undefined>): QuoteListQuery {
  const requested = Number(first(search.page));
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const status = first(search.status);
  return {
    page,
    status: (QUOTE_STATUSES as readonly string[]).includes(status ?? '') ? (status as QuoteStatus) : null,
  };
}

/** The list's address for a query (page 1 and no filter leave the URL bare). */
export function quoteListHref(base: string, query: QuoteListQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/** The commerce list's query string (OrderCloud list grammar). */
export function commerceListSearch(query: QuoteListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(QUOTES_PAGE_SIZE) });
  if (query.status) params.set('Status', query.status);
  params.set('sortBy', '!DateSubmitted');
  return params.toString();
}
