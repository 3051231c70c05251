import { UNMATCHED_PATH } from './catalogue-paths';
import { DEFAULT_LOCALE, localizedPath, splitLocalePath } from './locales';

/**
 * Where the site server sends a page request whose URL it refuses (a NUL byte, a path segment that does
 * not decode: `server/src/site.ts`): a path no route matches, in the URL's locale, so the visitor gets the
 * site's own 404 page in their language instead of an error. The refused path and query are dropped; the
 * default locale's path stays unprefixed (the proxy rewrites it, where an explicit `/en-us` redirects).
 */
export function refusedPagePath(pathname: string): string {
  return localizedPath(splitLocalePath(pathname).locale ?? DEFAULT_LOCALE, UNMATCHED_PATH);
}
