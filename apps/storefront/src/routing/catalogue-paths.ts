import type { LocaleCode } from '@catalogue/dataset/model';
import { localizedPath } from './locales';

/**
 * The public URL of a category: its slugs from the top level down, under `/products`, in the locale
 * (`/fr-ca/products/conduit-fittings/emt-conduit`).
 */
export function categoryPath(locale: LocaleCode, slugs: readonly string[]): string {
  const path = slugs.map((slug) => `/${encodeURIComponent(slug)}`).join('');
  return localizedPath(locale, `/products${path}`);
}

/**
 * Where a link of the content (footer, menus) points in a locale: site paths (`/about`) get the locale
 * prefix, anything else (absolute URLs, `mailto:`, in-page `#…`) is left as written.
 */
export function contentLinkHref(locale: LocaleCode, href: string): string {
  if (href.startsWith('/') && !href.startsWith('//')) return localizedPath(locale, href);
  return href;
}

/** Whether a content link leaves the site (it then opens with `rel="noopener"`). */
export function isExternalHref(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href);
}

/** The public URL of a product (SKU) page: `/product/EMT-075-10`, `/de-eu/product/EMT-075-10`. */
export function productPath(locale: LocaleCode, productId: string): string {
  return localizedPath(locale, `/product/${encodeURIComponent(productId)}`);
}

/**
 * The catalogue number a locale-neutral page path names (`/product/EMT-075-10`, `/product/X/prefab`),
 * URL-decoded; null for any other path.
 */
export function productIdOfPath(path: string): string | null {
  const match = /^\/product\/([^/]+)(?:\/prefab)?\/?$/.exec(path);
  if (!match?.[1]) return null;
  return decodeProductId(match[1]);
}

/** A catalogue number from a URL segment; a malformed escape (`%E0%A4%A`) gives '', which names no product. */
export function decodeProductId(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** A locale-neutral path no route matches (a product page without its number). */
export const UNMATCHED_PATH = '/product';

/** A path under a locale that no route matches, so Next answers it with the global not-found page. */
export function unmatchedPathOf(localeSegment: string): string {
  return `/${localeSegment}${UNMATCHED_PATH}`;
}
