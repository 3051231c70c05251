import type { Language } from '@catalogue/dataset/model';

/**
 * What a family page's URL asks of its SKU table: `?sort=name` / `?sort=!name` (descending), `?page=2`,
 * `?size=50`, and facet filters as `?xp.Material=steel&xp.Material=aluminium` (any of the values).
 * Anything malformed falls back to the default, so a hand-edited URL still shows a page.
 */

export const SKU_COLUMNS = ['number', 'name', 'size', 'material', 'length', 'weight'] as const;
export type SkuColumn = (typeof SKU_COLUMNS)[number];

export const PAGE_SIZES = [24, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface SkuQuery {
  sort: { column: SkuColumn; descending: boolean } | null;
  page: number;
  pageSize: PageSize;
  /** xp path (`Material`) → the values any of which a SKU must have, in URL order. */
  filters: Map<string, string[]>;
}

type SearchParams = Record<string, string | string[] | undefined>;

/** A facet's xp path: dotted names, at most three deep (`Material`, `TradeSize.metric`). */
const XP_PATH = /^[A-Za-z0-9_]{1,64}(?:\.[A-Za-z0-9_]{1,64}){0,2}$/;
/** Characters with a meaning in the commerce service's filter syntax (or, not, wildcard, comparisons). */
const FILTER_SYNTAX = /[|!*<>]/;
const FILTER_PREFIX = 'xp.';

/**
 * How much of a URL's facet choice a family page reads; the rest is dropped. A family shows a few facets
 * of at most 100 values each (the commerce service's `Meta.Facets`), so a real choice stays far below,
 * and whatever a URL holds, the list request and the page's cache key stay small (the commerce list
 * limits, `LIST_LIMITS`, are larger still).
 */
export const FACET_LIMITS = {
  /** Facets filtered at once. */
  facets: 8,
  /** Values chosen in one facet. */
  valuesPerFacet: 100,
  /** Characters of one value. */
  valueLength: 100,
  /** URL-encoded characters of all chosen values together. */
  encodedLength: 8000,
} as const;

function values(param: string | string[] | undefined): string[] {
  if (param === undefined) return [];
  return Array.isArray(param) ? param : [param];
}

/**
 * The facet filters of a URL, in canonical form: facets and values sorted (the same choice in any order
 * is one view), duplicates, malformed paths, values with filter syntax and anything past FACET_LIMITS
 * dropped. With `facetPaths`, only the facets the family shows are kept.
 */
function readFilters(params: SearchParams, facetPaths?: ReadonlySet<string>): Map<string, string[]> {
  const paths = Object.keys(params)
    .filter((key) => key.startsWith(FILTER_PREFIX))
    .map((key) => key.slice(FILTER_PREFIX.length))
    .filter((path) => XP_PATH.test(path) && (!facetPaths || facetPaths.has(path)))
    .sort()
    .slice(0, FACET_LIMITS.facets);
  const filters = new Map<string, string[]>();
  let budget = FACET_LIMITS.encodedLength;
  for (const path of paths) {
    const chosen = [...new Set(values(params[`${FILTER_PREFIX}${path}`]))]
      .filter((v) => v.trim() !== '' && v.length <= FACET_LIMITS.valueLength && !FILTER_SYNTAX.test(v))
      .sort()
      .slice(0, FACET_LIMITS.valuesPerFacet)
      .filter((v) => {
        budget -= encodeURIComponent(v).length;
        return budget >= 0;
      });
    if (chosen.length > 0) filters.set(path, chosen);
  }
  return filters;
}

export function readSkuQuery(params: SearchParams, facetPaths?: ReadonlySet<string>): SkuQuery {
  const sortParam = values(params.sort)[0] ?? '';
  const descending = sortParam.startsWith('!');
  const column = SKU_COLUMNS.find((c) => c === sortParam.replace(/^!/, ''));
  const pageParam = values(params.page)[0] ?? '';
  const page = /^[1-9][0-9]{0,5}$/.test(pageParam) ? Number(pageParam) : 1;
  const sizeParam = Number(values(params.size)[0]);
  const pageSize = PAGE_SIZES.find((size) => size === sizeParam) ?? PAGE_SIZES[0];
  const filters = readFilters(params, facetPaths);
  return { sort: column ? { column, descending } : null, page, pageSize, filters };
}

/** The view with only the facets the family shows (`facetPaths`), everything else as it was. */
export function keepShownFacets(query: SkuQuery, facetPaths: ReadonlySet<string>): SkuQuery {
  return { ...query, filters: new Map([...query.filters].filter(([path]) => facetPaths.has(path))) };
}

/** The commerce service's sortBy for a column: catalogue number, the name in the page's language, xp. */
export function sortByFor(sort: SkuQuery['sort'], language: Language): string[] {
  if (!sort) return [];
  const field = {
    number: 'ID',
    name: `xp.Names.${language}`,
    size: 'xp.TradeSize.metric',
    material: 'xp.Material',
    length: 'xp.LengthMm',
    weight: 'xp.WeightKg',
  }[sort.column];
  return [`${sort.descending ? '!' : ''}${field}`];
}

/** The commerce service's filters: `xp.Material: 'a|b'` (any of the values). */
export function filtersFor(filters: SkuQuery['filters']): Record<string, string> {
  return Object.fromEntries(
    [...filters].map(([path, chosen]) => [`${FILTER_PREFIX}${path}`, chosen.join('|')]),
  );
}

/** The query string of a view of the table (`?sort=name&page=2`), defaults left out. */
export function skuQueryString(query: SkuQuery): string {
  const search = new URLSearchParams();
  for (const [path, chosen] of query.filters)
    for (const value of chosen) search.append(`${FILTER_PREFIX}${path}`, value);
  if (query.sort) search.set('sort', `${query.sort.descending ? '!' : ''}${query.sort.column}`);
  if (query.pageSize !== PAGE_SIZES[0]) search.set('size', String(query.pageSize));
  if (query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The sort a column header links to: ascending first, then the other direction; back to page 1. */
export function sortLinkQuery(query: SkuQuery, column: SkuColumn): SkuQuery {
  const descending = query.sort?.column === column ? !query.sort.descending : false;
  return { ...query, sort: { column, descending }, page: 1 };
}

/** The filter name of a facet's checkbox (`xp.Material`). */
export function facetParamName(xpPath: string): string {
  return `${FILTER_PREFIX}${xpPath}`;
}

/**
 * The last path segment that carries a table view inside the app (`~page=2&sort=name`). Family pages are
 * cached per path for every visitor alike, and a cached page cannot read the query string; so the proxy
 * moves the view into the path the app sees (`/products/a/b?page=2` → `/en-us/products/a/b/~page%3D2`)
 * while the address bar keeps the query. Slugs never start with `~`.
 */
export const VIEW_SEGMENT_PREFIX = '~';

/**
 * The view segment for a URL's query, in canonical form (`skuQueryString`: defaults and unknown parameters
 * such as `utm_source` left out, facets and values sorted, FACET_LIMITS applied; with `facetPaths`, only
 * those facets), so equivalent URLs share one cached page; null when the query asks for the default.
 */
export function viewSegmentOf(search: URLSearchParams, facetPaths?: ReadonlySet<string>): string | null {
  const text = skuQueryString(readSkuQuery(paramsOf(search), facetPaths));
  return text ? `${VIEW_SEGMENT_PREFIX}${encodeURIComponent(text.slice(1))}` : null;
}

function paramsOf(search: URLSearchParams): SearchParams {
  const params: SearchParams = {};
  for (const key of new Set(search.keys())) params[key] = search.getAll(key);
  return params;
}

/** The query string a view segment carries (`~page%3D2` → `page=2`); empty when malformed. */
export function viewSegmentQuery(segment: string): URLSearchParams {
  try {
    return new URLSearchParams(decodeURIComponent(segment.slice(VIEW_SEGMENT_PREFIX.length)));
  } catch {
    // A malformed escape: the default view, as for any other malformed query.
    return new URLSearchParams();
  }
}

/** A family route's slugs without the view segment, and the table view it carries (default without). */
export function splitViewSegment(rawSlugs: readonly string[]): { slugs: string[]; query: SkuQuery } {
  const last = rawSlugs.at(-1);
  if (last === undefined || !last.startsWith(VIEW_SEGMENT_PREFIX)) {
    return { slugs: [...rawSlugs], query: readSkuQuery({}) };
  }
  return { slugs: rawSlugs.slice(0, -1), query: readSkuQuery(paramsOf(viewSegmentQuery(last))) };
}
