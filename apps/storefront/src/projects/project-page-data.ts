import { type LocaleCode, type LocaleInfo, REGIONS } from '@catalogue/dataset/model';
import { cacheTags } from '../caching/cache-tags';
import { tagPage } from '../caching/page-tags';
import { getDictionary, getLocaleInfo, getRegionInfo } from '../data/content';
import { createTranslator, type Translate } from '../i18n/translator';
import { type ProjectScreenTexts, projectScreenTexts } from './project-texts';

export interface ProjectPageData {
  info: LocaleInfo;
  t: Translate;
  texts: ProjectScreenTexts;
}

/**
 * What both project pages render on the server (the same for every visitor: the projects themselves are
 * read in the browser): the locale, its dictionary and the region names in its language, with the
 * cache tags of that content.
 */
export async function projectPageData(locale: LocaleCode): Promise<ProjectPageData> {
  await tagPage([cacheTags.contentItem('route', locale, '/projects'), cacheTags.contentType('region')]);
  const [info, dictionary, regions] = await Promise.all([
    getLocaleInfo(locale),
    getDictionary(locale),
    Promise.all(REGIONS.map((code) => getRegionInfo(code))),
  ]);
  const t = createTranslator(dictionary);
  const regionNames = Object.fromEntries(regions.map((region) => [region.code, region.name[info.language]]));
  return { info, t, texts: projectScreenTexts(t, regionNames) };
}
