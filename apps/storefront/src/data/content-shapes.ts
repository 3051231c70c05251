import {
  LANGUAGES,
  type Language,
  type LocaleInfo,
  type NavLink,
  REGIONS,
  type Region,
  type RegionInfo,
  type SiteContent,
} from '@catalogue/dataset/model';
import { isLocaleCode } from '../routing/locale-codes';

/**
 * Checks for the JSON the dataset loader writes into `content_items.data`. The database hands back
 * `unknown`; these turn it into the dataset's types, or null when a row does not have the shape the
 * storefront relies on (the caller decides whether that is an error).
 */

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return isOneOf(LANGUAGES, value);
}

export function isRegion(value: unknown): value is Region {
  return isOneOf(REGIONS, value);
}

/** The fields of a 'locale' item the storefront reads; the rest of LocaleInfo is passed through as is. */
export function parseLocaleInfo(data: unknown): LocaleInfo | null {
  if (!isObject(data)) return null;
  const { code, language, region, urlPrefix, nativeName } = data;
  if (!isLocaleCode(code) || !isLanguage(language) || !isRegion(region)) return null;
  if (typeof urlPrefix !== 'string' || typeof nativeName !== 'string') return null;
  return data as unknown as LocaleInfo;
}

export function parseRegionInfo(data: unknown): RegionInfo | null {
  if (!isObject(data)) return null;
  if (!isRegion(data.code) || typeof data.catalogId !== 'string' || !data.catalogId) return null;
  return data as unknown as RegionInfo;
}

/** A dictionary item: every string entry; anything else is dropped. */
export function parseDictionary(data: unknown): Record<string, string> {
  const entries: Record<string, string> = {};
  if (!isObject(data)) return entries;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string') entries[key] = value;
  }
  return entries;
}

function parseNavLink(value: unknown): NavLink | null {
  if (!isObject(value) || typeof value.labelKey !== 'string' || typeof value.href !== 'string') return null;
  return { labelKey: value.labelKey, href: value.href };
}

/** The site item; malformed footer columns or links are left out rather than breaking the page. */
export function parseSiteContent(data: unknown): SiteContent | null {
  if (!isObject(data) || typeof data.name !== 'string') return null;
  const columns = Array.isArray(data.footerColumns) ? data.footerColumns : [];
  const footerColumns: SiteContent['footerColumns'] = [];
  for (const column of columns) {
    if (!isObject(column) || typeof column.titleKey !== 'string') continue;
    const links = (Array.isArray(column.links) ? column.links : [])
      .map(parseNavLink)
      .filter((link): link is NavLink => link !== null);
    footerColumns.push({ titleKey: column.titleKey, links });
  }
  return { name: data.name, footerColumns };
}
