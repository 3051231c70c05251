import { LOCALE_CODES, type LocaleCode } from '@catalogue/dataset/model';

/**
 * How locales appear in URLs (spec §9). The default locale en-US has no prefix (`/products/…`); the
 * nine others use their lowercase code (`/fr-ca/products/…`). Inside the app every page lives under
 * `app/[locale]/`, whose segment is the lowercase code for every locale, en-US included (`en-us`): the
 * proxy rewrites unprefixed URLs to it, so visitors never see it.
 */

export const DEFAULT_LOCALE: LocaleCode = 'en-US';

/** The route segment of a locale inside the app: its lowercase code (`fr-ca`, and `en-us` for the default). */
export function routeSegmentOf(code: LocaleCode): string {
  return code.toLowerCase();
}

/** The URL prefix visitors see, without slashes: '' for the default locale. */
export function urlPrefixOf(code: LocaleCode): string {
  return code === DEFAULT_LOCALE ? '' : routeSegmentOf(code);
}

const BY_SEGMENT: ReadonlyMap<string, LocaleCode> = new Map(
  LOCALE_CODES.map((code) => [routeSegmentOf(code), code]),
);

/** The locale whose route segment is exactly `segment` (lowercase), or null. */
export function localeFromSegment(segment: string): LocaleCode | null {
  return BY_SEGMENT.get(segment) ?? null;
}

/** The locale whose code matches `segment` ignoring case (`FR-CA`, `fr-Ca`), or null. */
export function localeFromSegmentIgnoringCase(segment: string): LocaleCode | null {
  return BY_SEGMENT.get(segment.toLowerCase()) ?? null;
}

export interface LocalePath {
  /** The locale named by the first segment, or null when the path has no locale prefix. */
  locale: LocaleCode | null;
  /** The rest of the path, always starting with `/` (`/` for the locale's home page). */
  path: string;
}

/**
 * Splits a pathname into its locale prefix (any case, en-us included) and the locale-neutral rest:
 * `/fr-ca/products/x` → fr-CA + `/products/x`; `/products/x` → null + `/products/x`.
 */
export function splitLocalePath(pathname: string): LocalePath {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const end = path.indexOf('/', 1);
  const first = end === -1 ? path.slice(1) : path.slice(1, end);
  const locale = localeFromSegmentIgnoringCase(first);
  if (!locale) return { locale: null, path };
  return { locale, path: end === -1 ? '/' : path.slice(end) };
}

/**
 * The public URL of a locale-neutral path in a locale: `localizedPath('fr-CA', '/products/x')` is
 * `/fr-ca/products/x`; the default locale keeps the path as it is; the home page of a prefixed
 * locale is `/fr-ca` (no trailing slash, as Next.js serves it).
 */
export function localizedPath(code: LocaleCode, path: string): string {
  const neutral = path.startsWith('/') ? path : `/${path}`;
  const prefix = urlPrefixOf(code);
  if (!prefix) return neutral;
  return neutral === '/' ? `/${prefix}` : `/${prefix}${neutral}`;
}

/** The same page in another locale: `/fr-ca/products/x` in de-EU is `/de-eu/products/x`. */
export function switchLocalePath(pathname: string, target: LocaleCode): string {
  return localizedPath(target, splitLocalePath(pathname).path);
}

/**
 * The locale a layout renders for its segment. The proxy only lets known segments through; a request it
 * does not see (a path with a file extension) falls back to the default locale, whose page then answers
 * not found inside the site's layout.
 */
export function localeOrDefault(segment: string | undefined): LocaleCode {
  return (segment !== undefined && localeFromSegment(segment)) || DEFAULT_LOCALE;
}
