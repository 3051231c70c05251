import type { LocaleCode } from '@catalogue/dataset/model';
import { VIEW_SEGMENT_PREFIX } from '../families/sku-query';
import { DEFAULT_LOCALE, routeSegmentOf, splitLocalePath } from './locales';

/**
 * What the proxy does with a request path, as a pure function of the pathname (the proxy keeps the
 * query string):
 * - `pass`: not a page of the site: Next's own files, API routes, service prefixes, files with an
 *   extension;
 * - `next`: serve as is: a page of a prefixed locale (`/fr-ca/…`);
 * - `rewrite`: an unprefixed path is the default locale's page, served from its internal segment
 *   (`/products/x` → `/en-us/products/x`) while the address bar keeps `/products/x`; a path whose first
 *   segment merely looks like a locale (`/xx-yy`) is rewritten too and ends in the en-US not-found page;
 * - `redirect` (permanent): an explicit default-locale prefix goes to the unprefixed URL
 *   (`/en-us/x` → `/x`), and a locale prefix in the wrong case goes to its lowercase form
 *   (`/FR-CA/x` → `/fr-ca/x`).
 * `next` and `rewrite` carry the page's locale, which the proxy hands on in a request header for the
 * pages that cannot read it from the route (the global not-found page).
 */
export type RouteDecision =
  | { action: 'pass' }
  | { action: 'next'; locale: LocaleCode }
  | { action: 'rewrite'; pathname: string; locale: LocaleCode }
  | { action: 'redirect'; pathname: string };

/** First path segments that never carry a locale: Next's internals, API routes and the services. */
export const UNLOCALIZED_SEGMENTS: ReadonlySet<string> = new Set([
  '_next',
  'api',
  'healthz',
  'ordercloud',
  'discover',
  'content',
]);

const DEFAULT_SEGMENT = routeSegmentOf(DEFAULT_LOCALE);

export function decideRoute(pathname: string): RouteDecision {
  if (isUnlocalized(pathname)) return { action: 'pass' };
  const { locale, path } = splitLocalePath(pathname);
  if (locale === DEFAULT_LOCALE) return { action: 'redirect', pathname: path };
  if (locale) {
    const canonical = `/${routeSegmentOf(locale)}`;
    if (pathname === canonical || pathname.startsWith(`${canonical}/`)) return { action: 'next', locale };
    return { action: 'redirect', pathname: path === '/' ? canonical : `${canonical}${path}` };
  }
  return {
    action: 'rewrite',
    pathname: pathname === '/' ? `/${DEFAULT_SEGMENT}` : `/${DEFAULT_SEGMENT}${pathname}`,
    locale: DEFAULT_LOCALE,
  };
}

/**
 * Paths the locale routing leaves alone: reserved first segments and files (a dot in the last segment),
 * except a family page's `~…` view segment, whose facet paths have dots (`~xp.Material%3Dsteel`): the
 * proxy makes it canonical (routing/family-view.ts).
 */
export function isUnlocalized(pathname: string): boolean {
  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  if (UNLOCALIZED_SEGMENTS.has(first)) return true;
  const last = segments[segments.length - 1] ?? '';
  return last.includes('.') && !last.startsWith(VIEW_SEGMENT_PREFIX);
}
