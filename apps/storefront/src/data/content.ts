import {
  LANGUAGES,
  type Language,
  LOCALE_CODES,
  type LocaleCode,
  type LocaleInfo,
  type Region,
  type RegionInfo,
} from '@catalogue/dataset/model';
import { cache } from 'react';
import { queryContent } from './content-graphql';
import { parseLocaleInfo, parseRegionInfo } from './content-shapes';

/**
 * The storefront's content, from the GraphQL content service (`queryContent`): the locales, each locale's
 * UI dictionary and site name, the footer, and the sales regions (names, and the catalog each browses).
 * Each function is memoised per request, so the layout, the page and their metadata share one call.
 */

const LOCALES_QUERY = /* GraphQL */ `
  {
    locales {
      code
      language
      region
      urlPrefix
      nativeName
      currency
      defaultUnitSystem
      showsMetricToggle
      contentHubLocale
      searchRegion
      discoverSearchLocale
      loginLocale
    }
  }
`;

/** The ten locales in menu order (LOCALE_CODES). A missing or malformed locale is a broken dataset. */
export const getLocales = cache(async (): Promise<LocaleInfo[]> => {
  const { locales } = await queryContent<{ locales: unknown[] }>(LOCALES_QUERY);
  const byCode = new Map<string, LocaleInfo>();
  for (const item of locales) {
    const info = parseLocaleInfo(item);
    if (info) byCode.set(info.code, info);
  }
  return LOCALE_CODES.map((code) => {
    const info = byCode.get(code);
    if (!info) throw new Error(`The content service has no valid locale ${code}: load the dataset`);
    return info;
  });
});

export async function getLocaleInfo(code: LocaleCode): Promise<LocaleInfo> {
  const locales = await getLocales();
  const info = locales.find((locale) => locale.code === code);
  if (!info) throw new Error(`Unknown locale ${code}`);
  return info;
}

/** A locale of each language, to ask the content service for region names in every language at once. */
const LOCALE_OF_LANGUAGE: Record<Language, LocaleCode> = {
  en: 'en-US',
  fr: 'fr-CA',
  de: 'de-EU',
  nl: 'nl-EU',
};

const REGIONS_QUERY = /* GraphQL */ `
  {
    ${LANGUAGES.map(
      (language) =>
        `${language}: regions(language: "${LOCALE_OF_LANGUAGE[language]}") { code name catalogId currency }`,
    ).join('\n    ')}
  }
`;

type RegionAnswer = Record<Language, { code: string; name: string; catalogId: string; currency: string }[]>;

/** The sales regions with their names in every language and the catalog each browses (one query). */
const getRegions = cache(async (): Promise<RegionInfo[]> => {
  const answer = await queryContent<RegionAnswer>(REGIONS_QUERY);
  return answer.en.flatMap((region) => {
    const name = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        answer[language].find((r) => r.code === region.code)?.name ?? region.name,
      ]),
    );
    const info = parseRegionInfo({ ...region, name });
    return info ? [info] : [];
  });
});

export async function getRegionInfo(region: Region): Promise<RegionInfo> {
  const info = (await getRegions()).find((r) => r.code === region);
  if (!info) throw new Error(`The content service has no valid region ${region}: load the dataset`);
  return info;
}

/**
 * The names of the sales regions in a language, by code (`US` → "United States"): what a project's
 * region shows as, never its code (issue 22 item 10).
 */
export async function getRegionNames(language: Language): Promise<Record<string, string>> {
  return Object.fromEntries((await getRegions()).map((region) => [region.code, region.name[language]]));
}

const DICTIONARY_QUERY = /* GraphQL */ `
  query Dictionary($language: String!, $cursor: String) {
    dictionary(language: $language, limit: 100, endCursor: $cursor) {
      pageInfo {
        endCursor
        hasNext
      }
      results {
        key
        phrase
      }
    }
  }
`;

interface DictionaryPage {
  pageInfo: { endCursor: string | null; hasNext: boolean };
  results: { key: string; phrase: string }[];
}

/** The UI texts of a locale, every page of them; an empty dictionary shows every text as its key. */
export const getDictionary = cache(async (code: LocaleCode): Promise<Record<string, string>> => {
  const entries: Record<string, string> = {};
  let cursor: string | null = null;
  do {
    const { dictionary }: { dictionary: DictionaryPage } = await queryContent<{ dictionary: DictionaryPage }>(
      DICTIONARY_QUERY,
      { language: code, cursor },
    );
    for (const { key, phrase } of dictionary.results) entries[key] = phrase;
    cursor = dictionary.pageInfo.hasNext ? dictionary.pageInfo.endCursor : null;
  } while (cursor);
  return entries;
});

/** The site's name in a locale (logo, titles, copyright, point of sale). */
export const getSiteName = cache(
  async (code: LocaleCode): Promise<string> =>
    (await queryContent<{ site: { name: string } }>(SITE_QUERY, { language: code })).site.name,
);

const SITE_QUERY = /* GraphQL */ `
  query Site($language: String!) {
    site(language: $language) {
      name
    }
  }
`;

/** The footer of a locale: link columns, legal text, copyright (with `{year}`), social links, contact. */
export interface FooterContent {
  columns: { title: string; links: { label: string; href: string }[] }[];
  legalText: string;
  copyright: string;
  socialLinks: { network: string; label: string; href: string }[];
  contact: { phone: string; email: string };
}

const FOOTER_QUERY = /* GraphQL */ `
  query Footer($language: String!) {
    footer(language: $language) {
      columns {
        title
        links {
          label
          href
        }
      }
      legalText
      copyright
      socialLinks {
        network
        label
        href
      }
      contact {
        phone
        email
      }
    }
  }
`;

export const getFooterContent = cache(
  async (code: LocaleCode): Promise<FooterContent> =>
    (await queryContent<{ footer: FooterContent }>(FOOTER_QUERY, { language: code })).footer,
);
