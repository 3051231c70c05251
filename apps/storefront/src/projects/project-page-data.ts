import { type LocaleCode, type LocaleInfo, REGIONS } from '@catalogue/dataset/model';
import { cacheTags } from '../caching/cache-tags';
import { tagPage } from '../caching/page-tags';
import { getDictionary, getLocaleInfo, getRegionInfo } from '../data/content';
import { getMadeToOrderLabels } from '../data/family-content';
import { createTranslator, type Translate } from '../i18n/translator';
import { quoteLinkTexts } from '../quotes/quote-link-texts';
import { type ProjectScreenTexts, projectScreenTexts } from './project-texts';

export interface ProjectPageData {
  info: LocaleInfo;
  t: Translate;
  texts: ProjectScreenTexts;
}

/**
 * What both project pages render on the server (the same for every visitor: the projects themselves are
 * read in the browser): the locale, its dictionary, the region names in its language and the region's
 * lead time in weeks (for the lines' stock notes), with the cache tags of that content.
 */
export async function projectPageData(locale: LocaleCode): Promise<ProjectPageData> {
  await tagPage([
    cacheTags.contentItem('route', locale, '/projects'),
    cacheTags.contentType('region'),
    cacheTags.content('made-to-order', locale),
  ]);
  const [info, dictionary, regions, madeToOrder] = await Promise.all([
    getLocaleInfo(locale),
    getDictionary(locale),
    Promise.all(REGIONS.map((code) => getRegionInfo(code))),
    getMadeToOrderLabels(locale),
  ]);
  const t = createTranslator(dictionary);
  const regionNames = Object.fromEntries(regions.map((region) => [region.code, region.name[info.language]]));
  return {
    info,
    t,
    texts: projectScreenTexts(t, regionNames, madeToOrder.leadWeeks, quoteLinkTexts(t, locale)),
  };
}
