import { type NextRequest, NextResponse } from 'next/server';
import { internalFamilyPath } from './routing/family-view';
import { LOCALE_HEADER, PATH_HEADER } from './routing/locale-header';
import { splitLocalePath } from './routing/locales';
import { decideRoute } from './routing/proxy-decision';

/**
 * Locale routing (see routing/proxy-decision.ts): unprefixed paths are the default locale, served from
 * its internal `/en-us` segment; an explicit `/en-us/…` redirects to the unprefixed URL. Pages get their
 * locale and their locale-neutral path in request headers too (routing/locale-header.ts).
 */
export function proxy(request: NextRequest): NextResponse {
  const decision = decideRoute(request.nextUrl.pathname);
  if (decision.action === 'pass') return NextResponse.next();
  if (decision.action === 'redirect') {
    const url = request.nextUrl.clone();
    url.pathname = decision.pathname;
    return NextResponse.redirect(url, 308);
  }
  const headers = new Headers(request.headers);
  headers.set(LOCALE_HEADER, decision.locale);
  headers.set(PATH_HEADER, splitLocalePath(request.nextUrl.pathname).path);
  const internal = decision.action === 'rewrite' ? decision.pathname : request.nextUrl.pathname;
  const family = internalFamilyPath(internal, request.nextUrl.searchParams);
  if (decision.action === 'next' && !family) return NextResponse.next({ request: { headers } });
  const url = request.nextUrl.clone();
  url.pathname = family?.pathname ?? internal;
  if (family) url.search = '';
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // Everything except Next's internals, API routes, the service prefixes and files with an extension;
  // decideRoute applies the same rules, so a request the matcher lets through by mistake is still safe.
  matcher: ['/((?!(?:_next|api|healthz|ordercloud|discover|content)(?:/|$))(?!(?:.*/)?[^/]*\\.[^/]*$).*)'],
};
