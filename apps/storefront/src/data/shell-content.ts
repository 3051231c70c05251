import type { LocaleCode, LocaleInfo, Region } from '@catalogue/dataset/model';
import { REGIONS } from '@catalogue/dataset/model';
import { cache } from 'react';
import { getCategoryMenuForLocale, type MenuCategory } from './category-menu';
import {
  type FooterContent,
  getDictionary,
  getFooterContent,
  getLocaleInfo,
  getLocales,
  getRegionInfo,
  getSiteName,
} from './content';

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
  siteName: string;
  footer: FooterContent;
  dictionary: Record<string, string>;
  regions: RegionGroup[];
  menu: MenuCategory[];
}

/**
 * The page shell's content source: the one adapter between the shell and where its content lives. Locales,
 * dictionary, site name and footer come from the GraphQL content service (`content.ts`); the category menu
 * and region names from the catalogue (`category-menu.ts`), so the menu follows the live catalog.
 * Memoised per request.
 */
export const getShellContent = cache(async (code: LocaleCode): Promise<ShellContent> => {
  const [locale, locales, siteName, footer, dictionary, menu] = await Promise.all([
    getLocaleInfo(code),
    getLocales(),
    getSiteName(code),
    getFooterContent(code),
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
  return { locale, siteName, footer, dictionary, regions, menu };
});
