/**
 * Whether a browser sent this request from another site. Browsers mark every request with
 * `Sec-Fetch-Site` (and POSTs with `Origin`); a request from another origin is refused for routes that
 * change something. Requests without either header do not come from a browser page (curl, server code)
 * and cannot ride on a visitor's session, so they pass. `siteOrigin` is SITE_ORIGIN when configured;
 * the origin the request was addressed to (Host / X-Forwarded-Host) always counts as the site's own.
 */
export function isCrossSiteRequest(request: Request, siteOrigin: URL | null): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return !ownOrigins(request, siteOrigin).has(origin.toLowerCase());
}

function ownOrigins(request: Request, siteOrigin: URL | null): Set<string> {
  const own = new Set<string>();
  if (siteOrigin) own.add(siteOrigin.origin.toLowerCase());
  own.add(new URL(request.url).origin.toLowerCase());
  const host =
    request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || '';
  if (host) {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    for (const scheme of proto ? [proto] : ['http', 'https']) own.add(`${scheme}://${host}`.toLowerCase());
  }
  return own;
}
