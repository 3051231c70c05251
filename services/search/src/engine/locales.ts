import { isLanguage, type Language } from './analysis';

/** A site locale as the search service needs it (from the `locale` and `region` content items). */
export interface LocaleInfo {
  /** `en-US`, `fr-CA`, … */
  code: string;
  language: Language;
  /** Sales region code (`US`, `CA`, `GB`, `EU`, `AU`, `NZ`). */
  region: string;
  /** The region's value in search filters (`USA`, `CAN`, …). */
  searchRegion: string;
  /** URL prefix without slashes ('' for the default locale). */
  urlPrefix: string;
  /** The regional catalog. */
  catalogId: string | null;
}

export const DEFAULT_LOCALE = 'en-US';

/** The locales of the site, looked up by `{country, language}` of a request's context. */
export class Locales {
  private readonly byKey = new Map<string, LocaleInfo>();

  constructor(readonly all: LocaleInfo[]) {
    for (const locale of all) this.byKey.set(locale.code.toLowerCase(), locale);
  }

  /** A locale from its code or the request's `{country, language}` (`en`/`us`, `fr_ca`, `fr-CA`). */
  find(language: string, country?: string): LocaleInfo | undefined {
    const key = country === undefined ? language : `${language}-${country}`;
    return this.byKey.get(key.toLowerCase().replace('_', '-'));
  }

  get default(): LocaleInfo | undefined {
    return this.byKey.get(DEFAULT_LOCALE.toLowerCase()) ?? this.all[0];
  }

  /** The languages spoken in a region's locales. */
  languagesOf(region: string): Language[] {
    return [...new Set(this.all.filter((l) => l.region === region).map((l) => l.language))];
  }

  /** A region code from a region code or a search region (`USA` → `US`). */
  regionOf(value: string): string | undefined {
    const upper = value.toUpperCase();
    return this.all.find((l) => l.region === upper || l.searchRegion.toUpperCase() === upper)?.region;
  }

  static fromItems(locales: { data: unknown }[], regions: { id: string; data: unknown }[]): Locales {
    const catalogOf = new Map<string, string>();
    for (const region of regions) {
      const data = region.data as { code?: unknown; catalogId?: unknown };
      if (typeof data.code === 'string' && typeof data.catalogId === 'string')
        catalogOf.set(data.code, data.catalogId);
    }
    const all: LocaleInfo[] = [];
    for (const item of locales) {
      const data = item.data as Record<string, unknown>;
      const { code, language, region, searchRegion, urlPrefix } = data;
      if (typeof code !== 'string' || typeof language !== 'string' || !isLanguage(language)) continue;
      if (typeof region !== 'string') continue;
      all.push({
        code,
        language,
        region,
        searchRegion: typeof searchRegion === 'string' ? searchRegion : region,
        urlPrefix: typeof urlPrefix === 'string' ? urlPrefix : code.toLowerCase(),
        catalogId: catalogOf.get(region) ?? null,
      });
    }
    return new Locales(all);
  }
}

/** A page path with the locale's prefix: `/fr-ca/product/X`, `/product/X` for the default locale. */
export function localePath(locale: LocaleInfo, path: string): string {
  return locale.urlPrefix ? `/${locale.urlPrefix}${path === '/' ? '' : path}` : path;
}
