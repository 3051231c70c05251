import type { LocaleInfo } from '@catalogue/dataset/model';

/** The cookie other parts of the site (and the original integrations) read the visitor's locale from. */
export const LOCATION_DETAILS_COOKIE = 'location_details';

/** Default region (spec §1, §9). */
export const DEFAULT_REGION = 'US';

/** The JSON held by the location_details cookie (spec §3). */
export interface LocationDetails {
  contentHubLocale: string;
  region: string;
  language: string;
  discoverSearchLocale: string;
}

/**
 * The location_details value for a page's locale: its content-hub locale (`M.Localization.fr-CA`),
 * region (`CA`; US when the locale names none), language (`fr`) and search locale (`fr_ca`).
 */
export function locationDetailsOf(
  locale: Pick<LocaleInfo, 'contentHubLocale' | 'region' | 'language' | 'discoverSearchLocale'>,
): LocationDetails {
  return {
    contentHubLocale: locale.contentHubLocale,
    region: locale.region || DEFAULT_REGION,
    language: locale.language,
    discoverSearchLocale: locale.discoverSearchLocale,
  };
}
