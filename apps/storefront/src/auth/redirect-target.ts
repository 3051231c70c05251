import { splitLocalePath } from '../routing/locales';

/**
 * Where a login or logout may send the browser back to: a path of this site only, never another origin
 * (an open redirect would let a phishing link borrow the site's login page). `redirectURI` may be an
 * absolute URL of the site's own origin or a path; anything else falls back to `fallback`.
 */
export function safeRedirectPath(redirectURI: unknown, siteOrigin: string, fallback = '/'): string {
  if (typeof redirectURI !== 'string' || redirectURI === '' || redirectURI.length > 2048) return fallback;
  // Protocol-relative (`//evil`) and backslash tricks (`/\evil`) resolve to other hosts.
  if (/^[/\\]{2}/.test(redirectURI) || /^\/\\/.test(redirectURI)) return fallback;
  let url: URL;
  try {
    url = new URL(redirectURI, siteOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(siteOrigin).origin) return fallback;
  if (url.pathname.startsWith('/api/')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The account pages: coming from one of them is no place to return to after logging in. */
const ACCOUNT_PAGES = new Set(['/login', '/register', '/forgot-password', '/reset-password']);

/**
 * Where a login opened without `redirectURI` returns to: the page of this site the visitor came from
 * (its `Referer`), so a "Log in" link followed before the page's JavaScript runs, or without it, still
 * returns there. Null for another site, an API route, an account page or no referrer.
 */
export function returnPathFromReferer(referer: string | null, siteOrigin: string): string | null {
  // A Referer is an absolute URL: anything else is not one.
  if (!referer || !URL.canParse(referer)) return null;
  const path = safeRedirectPath(referer, siteOrigin, '');
  if (path === '' || ACCOUNT_PAGES.has(withoutQuery(splitLocalePath(path).path))) return null;
  return path;
}

/** The same place without its query string (spec §4: one login variant reloads the page that way). */
export function withoutQuery(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}
