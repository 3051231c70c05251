import { VIEW_SEGMENT_PREFIX, viewSegmentOf, viewSegmentQuery } from '../families/sku-query';

const FAMILY_PATH = /^\/[a-z]{2}-[a-z]{2}\/products\/[^/]/;

/** True for a family page whose table view is asked for (a query string, or a `~…` view segment). */
export function isFamilyView(internalPathname: string, search: URLSearchParams): boolean {
  if (!FAMILY_PATH.test(internalPathname)) return false;
  const last = internalPathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return search.size > 0 || last.startsWith(VIEW_SEGMENT_PREFIX);
}

/**
 * Where the proxy sends a family page with a query string (`/en-us/products/a/b` + `?page=2&utm_source=x`)
 * or a view segment already in its path: the same path with the canonical view segment
 * (`/en-us/products/a/b/~page%3D2`), query dropped, so the page is cached once per view whatever a URL
 * adds — tracking parameters, facets the family does not show (`facetPaths`), values in another order,
 * more than FACET_LIMITS. Null for other paths and for a family URL without a view.
 */
export function internalFamilyPath(
  internalPathname: string,
  search: URLSearchParams,
  facetPaths?: ReadonlySet<string>,
): { pathname: string } | null {
  if (!isFamilyView(internalPathname, search)) return null;
  const trimmed = internalPathname.replace(/\/+$/, '');
  const last = trimmed.split('/').at(-1) ?? '';
  const explicit = last.startsWith(VIEW_SEGMENT_PREFIX);
  const base = explicit ? trimmed.slice(0, trimmed.length - last.length - 1) : trimmed;
  const segment = viewSegmentOf(explicit ? viewSegmentQuery(last) : search, facetPaths);
  return { pathname: segment ? `${base}/${segment}` : base };
}
