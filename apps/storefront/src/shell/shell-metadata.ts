import type { LocaleCode } from '@catalogue/dataset/model';
import type { Metadata } from 'next';
import { storefrontConfig } from '../config';
import { getDictionary, getSiteContent } from '../data/content';
import { siteOrigin } from '../data/site-origin';
import { createTranslator } from '../i18n/translator';

/**
 * Head metadata every page starts from (spec §2): the origin canonical links resolve against, the title
 * template of pages below the locale layout, the site description, and noindex,nofollow outside
 * Production.
 */
export async function shellMetadata(locale: LocaleCode): Promise<Metadata> {
  const [site, dictionary, origin] = await Promise.all([
    getSiteContent(locale),
    getDictionary(locale),
    siteOrigin(),
  ]);
  const t = createTranslator(dictionary);
  return {
    metadataBase: origin,
    title: { template: `%s | ${site.name}`, default: site.name },
    description: t('meta.description'),
    applicationName: site.name,
    robots: storefrontConfig().production ? undefined : { index: false, follow: false },
  };
}

/** A page title followed by the site name (`Not found | Acme`), for pages in the layout's own segment. */
export async function titleWithSiteName(locale: LocaleCode, title: string): Promise<{ absolute: string }> {
  const site = await getSiteContent(locale);
  return { absolute: `${title} | ${site.name}` };
}
