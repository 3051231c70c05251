import type { LocaleCode } from '@catalogue/dataset/model';
import { isLocaleCode } from './locale-codes';
import { DEFAULT_LOCALE } from './locales';

/**
 * The request header in which the proxy tells the app the locale of the requested page. Pages under
 * `app/[locale]/` read the locale from their route; the global not-found page, which answers for URLs no
 * route matches, has only this header.
 */
export const LOCALE_HEADER = 'x-catalogue-locale';

/** The locale a header value names; the default locale when the header is missing or unknown. */
export function localeFromHeader(value: string | null | undefined): LocaleCode {
  return isLocaleCode(value) ? value : DEFAULT_LOCALE;
}

/**
 * The request header in which the proxy passes the page's locale-neutral path (`/products/x` for both
 * `/products/x` and `/fr-ca/products/x`), from which the shell builds the canonical link of every page.
 */
export const PATH_HEADER = 'x-catalogue-path';

/** The path a header value names; `/` when it is missing or not an absolute path. */
export function pathFromHeader(value: string | null | undefined): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}
