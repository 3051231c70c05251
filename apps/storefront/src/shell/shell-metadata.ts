import type { LocaleCode } from '@catalogue/dataset/model';
import type { Metadata } from 'next';
import { storefrontConfig } from '../config';
import { getDictionary, getSiteContent } from '../data/content';
import { requestPath } from '../data/request-path';
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
  const [site, dictionary, origin, path] = await Promise.all([
    getSiteContent(locale),
    getDictionary(locale),
    siteOrigin(),
    requestPath(),
  ]);
  const t = createTranslator(dictionary);
  const config = storefrontConfig();
  return {
    metadataBase: origin,
    alternates: { canonical: localizedPath(locale, path) },
    title: { template: `%s | ${site.name}`, default: site.name },
    description: t('meta.description'),
    applicationName: site.name,
    robots: config.production ? undefined : { index: false, follow: false },
    ...(config.siteVerificationToken ? { verification: { google: config.siteVerificationToken } } : {}),
  };
}

/** A page title followed by the site name (`Not found | Acme`), for pages in the layout's own segment. */
export async function titleWithSiteName(locale: LocaleCode, title: string): Promise<{ absolute: string }> {
  const site = await getSiteContent(locale);
  return { absolute: `${title} | ${site.name}` };
}
