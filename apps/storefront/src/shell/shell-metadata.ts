import type { LocaleCode } from '@catalogue/dataset/model';
import type { Metadata } from 'next';
import { storefrontConfig } from '../config';
import { getDictionary, getSiteName } from '../data/content';
import { getRouteContent, type RouteContent } from '../data/routes';
import { siteOrigin } from '../data/site-origin';
import { createTranslator } from '../i18n/translator';
import { localizedPath } from '../routing/locales';

/**
 * Head metadata every page starts from (spec §2), from the locale layout: the title template of pages below
 * it, the site description, noindex,nofollow outside Production, and in Production the site-verification
 * tag when one is configured. What depends on the page's path — canonical link, the route item's title,
 * description, keywords and robots — comes from `pageMetadata`, which every page's `generateMetadata`
 * returns: a layout does not know the path without reading the request, and pages are cached for every
 * visitor alike (caching/), so nothing here may read the request.
 */
export async function shellMetadata(locale: LocaleCode): Promise<Metadata> {
  const [siteName, dictionary, origin] = await Promise.all([
    getSiteName(locale),
    getDictionary(locale),
    siteOrigin(),
  ]);
  const t = createTranslator(dictionary);
  const config = storefrontConfig();
  return {
    metadataBase: origin,
    title: { template: `%s | ${siteName}`, default: siteName },
    description: t('meta.description'),
    applicationName: siteName,
    ...robotsOf(config.production, null),
    ...(config.siteVerificationToken ? { verification: { google: config.siteVerificationToken } } : {}),
  };
}

/**
 * A page's own head metadata: canonical link = site origin + locale prefix (none for en-US) + the path
 * without query string; the title, description and keywords of its route item (MetaTitle already names
 * the site), and in Production the route's robots. Pages without a route item keep the layout's.
 */
export async function pageMetadata(locale: LocaleCode, path: string): Promise<Metadata> {
  const [siteName, origin, route] = await Promise.all([
    getSiteName(locale),
    siteOrigin(),
    getRouteContent(locale, path),
  ]);
  const config = storefrontConfig();
  return {
    metadataBase: origin,
    alternates: { canonical: localizedPath(locale, path) },
    ...(route?.MetaTitle ? { title: { absolute: route.MetaTitle } } : { title: { absolute: siteName } }),
    ...(route?.MetaDescription ? { description: route.MetaDescription } : {}),
    ...(route?.MetaTags ? { keywords: splitTags(route.MetaTags) } : {}),
    ...robotsOf(config.production, route),
  };
}

/**
 * Outside Production every page is noindex,nofollow (spec §2); in Production the route's MetaRobots and
 * MetaGooglebot say what crawlers may do (nothing said: Next's default, no tag).
 */
export function robotsOf(
  production: boolean,
  route: Pick<RouteContent, 'MetaRobots' | 'MetaGooglebot'> | null,
): Pick<Metadata, 'robots' | 'other'> {
  if (!production) return { robots: { index: false, follow: false } };
  return {
    ...(route?.MetaRobots.trim() ? { robots: route.MetaRobots.trim() } : {}),
    ...(route?.MetaGooglebot.trim() ? { other: { googlebot: route.MetaGooglebot.trim() } } : {}),
  };
}

/** MetaTags as keywords: comma-separated, trimmed, without empties or repeats. */
export function splitTags(tags: string): string[] {
  return [
    ...new Set(
      tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** A page title followed by the site name (`Not found | Acme`), for pages in the layout's own segment. */
export async function titleWithSiteName(locale: LocaleCode, title: string): Promise<{ absolute: string }> {
  const siteName = await getSiteName(locale);
  return { absolute: `${title} | ${siteName}` };
}
