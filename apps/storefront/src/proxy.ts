import type { LocaleCode } from '@catalogue/dataset/model';
import { type NextRequest, NextResponse } from 'next/server';
import { shownFacetPaths } from './data/family-facets';
import { productVisibleInLocale } from './data/product-lookup';
import { productIdOfPath, unmatchedPathOf } from './routing/catalogue-paths';
import { internalFamilyPath, isFamilyView } from './routing/family-view';
import { LOCALE_HEADER, PATH_HEADER } from './routing/locale-header';
import { routeSegmentOf, splitLocalePath } from './routing/locales';
import { decideRoute } from './routing/proxy-decision';

/**
 * Locale routing (see routing/proxy-decision.ts): unprefixed paths are the default locale, served from
 * its internal `/en-us` segment; an explicit `/en-us/…` redirects to the unprefixed URL. Pages get their
 * locale and their locale-neutral path in request headers too (routing/locale-header.ts).
 *
 * Family pages with a table view get it as a canonical `~…` path segment (routing/family-view.ts), with
 * only the facets the family shows.
 *
 * Product pages (`/product/<ID>`) of a product the locale's catalog does not have are sent to a path no
 * route matches, so the global not-found page answers them with a server-rendered 404 (see
 * data/product-lookup.ts for why the page's own `notFound()` is not enough).
 */
export function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  const decision = decideRoute(request.nextUrl.pathname);
  if (decision.action === 'pass') return NextResponse.next();
  if (decision.action === 'redirect') {
    const url = request.nextUrl.clone();
    url.pathname = decision.pathname;
    return NextResponse.redirect(url, 308);
  }
  const headers = new Headers(request.headers);
  const path = splitLocalePath(request.nextUrl.pathname).path;
  headers.set(LOCALE_HEADER, decision.locale);
  headers.set(PATH_HEADER, path);
  const serve = (pathname: string | null, dropQuery = false) => {
    if (pathname === null) return NextResponse.next({ request: { headers } });
    const url = request.nextUrl.clone();
    url.pathname = pathname;
    if (dropQuery) url.search = '';
    return NextResponse.rewrite(url, { request: { headers } });
  };
  const internal = decision.action === 'rewrite' ? decision.pathname : request.nextUrl.pathname;
  const search = request.nextUrl.searchParams;
  if (isFamilyView(internal, search)) {
    // Only the facets the family shows make the cache key (see routing/family-view.ts).
    return shownFacetPaths(decision.locale).then((facetPaths) =>
      serve(internalFamilyPath(internal, search, facetPaths ?? undefined)?.pathname ?? null, true),
    );
  }
  const target = decision.action === 'next' ? null : internal;
  const productId = productIdOfPath(path);
  if (productId === null) return serve(target);
  return unknownProduct(decision.locale, productId).then((unknown) =>
    serve(unknown ? unmatchedPathOf(routeSegmentOf(decision.locale)) : target),
  );
}

/** True when the locale's catalog has no such product; when the services fail, the page decides. */
async function unknownProduct(locale: LocaleCode, productId: string): Promise<boolean> {
  try {
    return !(await productVisibleInLocale(locale, productId));
  } catch (error) {
    console.error(`[proxy] product lookup for ${productId} failed; the page will answer`, error);
    return false;
  }
}

export const config = {
  // Everything except Next's internals, API routes, the service prefixes and files with an extension;
  // decideRoute applies the same rules, so a request the matcher lets through by mistake is still safe.
  // (A last segment with a dot is a file, unless it is a family page's `~…` view segment.)
  matcher: [
    '/((?!(?:_next|api|healthz|ordercloud|discover|content)(?:/|$))(?!(?:.*/)?(?!~)[^/]*\\.[^/]*$).*)',
  ],
};
