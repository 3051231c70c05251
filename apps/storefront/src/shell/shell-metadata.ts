import type { LocaleCode } from '@catalogue/dataset/model';
import type { Metadata } from 'next';
import { storefrontConfig } from '../config';
import { getDictionary, getSiteName } from '../data/content';
import { requestPath } from '../data/request-path';
import { getRouteContent, type RouteContent } from '../data/routes';
import { siteOrigin } from '../data/site-origin';
import { createTranslator } from '../i18n/translator';
import { localizedPath } from '../routing/locales';

/**
 * Head metadata every page starts from (spec §2): the canonical link (site origin + locale prefix,
 * none for en-US, + the current path without query string), the title template of pages below the
 * locale layout, the site description, noindex,nofollow outside Production, and in Production the
 * site-verification tag when one is configured. A page that sets its own `alternates` must keep the
 * canonical (see the home page).
 */
export async function shellMetadata(locale: LocaleCode): Promise<Metadata> {
  const path = await requestPath();
  const [siteName, dictionary, origin, route] = await Promise.all([
    getSiteName(locale),
    getDictionary(locale),
    siteOrigin(),
    getRouteContent(locale, path),
  ]);
  const t = createTranslator(dictionary);
  const config = storefrontConfig();
  return {
    metadataBase: origin,
    alternates: { canonical: localizedPath(locale, path) },
    // The route's MetaTitle already names the site; pages without a route item get the template.
    title: { template: `%s | ${siteName}`, default: route?.MetaTitle ?? siteName },
    description: route?.MetaDescription ?? t('meta.description'),
    ...(route?.MetaTags ? { keywords: splitTags(route.MetaTags) } : {}),
    applicationName: siteName,
    ...robotsOf(config.production, route),
    ...(config.siteVerificationToken ? { verification: { google: config.siteVerificationToken } } : {}),
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
