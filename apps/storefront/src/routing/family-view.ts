import { VIEW_SEGMENT_PREFIX, viewSegmentOf } from '../families/sku-query';

const FAMILY_PATH = /^\/[a-z]{2}-[a-z]{2}\/products\/[^/]/;

/**
 * Where the proxy sends a family page with a query string (`/en-us/products/a/b` + `?page=2&utm_source=x`):
 * the same path plus the canonical view segment (`/en-us/products/a/b/~page%3D2`), query dropped, so the
 * page is cached per view and the cache never sees tracking parameters. Null for other paths, for a family
 * URL without a query, and for a path that already ends in a view segment.
 */
export function internalFamilyPath(
  internalPathname: string,
  search: URLSearchParams,
): { pathname: string } | null {
  if (!FAMILY_PATH.test(internalPathname) || search.size === 0) return null;
  const trimmed = internalPathname.replace(/\/+$/, '');
  if (trimmed.split('/').at(-1)?.startsWith(VIEW_SEGMENT_PREFIX)) return null;
  const segment = viewSegmentOf(search);
  return { pathname: segment ? `${trimmed}/${segment}` : trimmed };
}
