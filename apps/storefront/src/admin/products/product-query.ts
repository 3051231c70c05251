import { z } from 'zod';

/**
 * The product list's state, all in the URL (`/admin/products?search=…&active=…&sort=…&page=…`), so a
 * filtered list can be bookmarked, shared and exported. A value the list does not know is dropped, never
 * an error: the list then shows its default for it.
 */

export const PRODUCT_SORTS = ['ID', '!ID', 'Name', '!Name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_PAGE_SIZE = 25;
const MAX_PAGE = 10_000;

export interface ProductQuery {
  search: string;
  active: 'all' | 'true' | 'false';
  catalog: string;
  sort: ProductSort;
  page: number;
}

const single = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (max: number) =>
  z.preprocess(single, z.string().trim().max(max).catch('')).catch('') as z.ZodType<string>;

const schema = z.object({
  search: text(100),
  active: z.preprocess(single, z.enum(['all', 'true', 'false'])).catch('all'),
  catalog: z.preprocess(single, z.string().regex(/^[\w.-]{1,100}$/)).catch(''),
  sort: z.preprocess(single, z.enum(PRODUCT_SORTS)).catch('ID'),
  page: z.preprocess(single, z.coerce.number().int().min(1).max(MAX_PAGE)).catch(1),
});

export function parseProductQuery(raw: Record<string, string | string[] | undefined>): ProductQuery {
  return schema.parse(raw) as ProductQuery;
}

/** The SDK's `Products.List` options for the query. */
export function productListOptions(query: ProductQuery) {
  const filters: Record<string, string> = {};
  if (query.active !== 'all') filters.Active = query.active;
  return {
    ...(query.search ? { search: query.search, searchOn: ['ID', 'Name', 'Description'] as const } : {}),
    ...(query.catalog ? { catalogID: query.catalog } : {}),
    filters,
    sortBy: [query.sort],
    page: query.page,
    pageSize: PRODUCT_PAGE_SIZE,
  };
}

/** The query string of `query` with `change` applied; defaults are left out, so URLs stay short. */
export function productSearch(query: ProductQuery, change: Partial<ProductQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.search) params.set('search', next.search);
  if (next.active !== 'all') params.set('active', next.active);
  if (next.catalog) params.set('catalog', next.catalog);
  if (next.sort !== 'ID') params.set('sort', next.sort);
  if (next.page !== 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
