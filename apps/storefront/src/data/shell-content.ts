import type { LocaleCode, LocaleInfo, Region, SiteContent } from '@catalogue/dataset/model';
import { REGIONS } from '@catalogue/dataset/model';
import { cache } from 'react';
import { getCategoryMenuForLocale, type MenuCategory } from './category-menu';
import { getDictionary, getLocaleInfo, getLocales, getRegionInfo, getSiteContent } from './content';

/** A region of the language-and-region menu with its locales. */
export interface RegionGroup {
  region: Region;
  /** The region's name in the page's language. */
  name: string;
  locales: { code: LocaleCode; nativeName: string }[];
}

/** Everything the page shell shows besides the page itself. */
export interface ShellContent {
  locale: LocaleInfo;
  site: SiteContent;
  dictionary: Record<string, string>;
  regions: RegionGroup[];
  menu: MenuCategory[];
}

/**
 * The page shell's content source: the one adapter between the shell and where its content lives. Today
 * it reads the dataset's content items and categories from the database (`content.ts`,
 * `category-menu.ts`); switching the shell to the GraphQL content service means replacing this function
 * and nothing in `shell/` or `components/`. Memoised per request.
 */
export const getShellContent = cache(async (code: LocaleCode): Promise<ShellContent> => {
  const [locale, locales, site, dictionary, menu] = await Promise.all([
    getLocaleInfo(code),
    getLocales(),
    getSiteContent(code),
    getDictionary(code),
    getCategoryMenuForLocale(code),
  ]);
  const regions = await Promise.all(
    REGIONS.filter((region) => locales.some((l) => l.region === region)).map(async (region) => ({
      region,
      name: (await getRegionInfo(region)).name[locale.language],
      locales: locales
        .filter((l) => l.region === region)
        .map(({ code, nativeName }) => ({ code, nativeName })),
    })),
  );
  return { locale, site, dictionary, regions, menu };
});
