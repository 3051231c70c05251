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

/** The same place without its query string (spec §4: one login variant reloads the page that way). */
export function withoutQuery(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}
