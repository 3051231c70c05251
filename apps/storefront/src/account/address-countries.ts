import { EU_COUNTRIES, type Region } from '@catalogue/dataset/model';

/**
 * The countries an address may be in: those of the site's sales regions (the EU region's member states),
 * as ISO 3166-1 alpha-2 codes, which the commerce service stores (`Country`). Names come from
 * `Intl.DisplayNames` in the page's language.
 */
export const ADDRESS_COUNTRIES: readonly string[] = ['US', 'CA', 'GB', ...EU_COUNTRIES, 'AU', 'NZ'];

/** The country a new address starts with on a page of `region` in `language`. */
export function defaultCountry(region: Region, language: string): string {
  if (region !== 'EU') return region;
  return { de: 'DE', fr: 'FR', nl: 'NL' }[language] ?? 'IE';
}

/** The countries with their names in `language`, sorted by name. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return ADDRESS_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}
