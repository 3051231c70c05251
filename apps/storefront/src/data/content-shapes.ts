import {
  LANGUAGES,
  type Language,
  type LocaleInfo,
  REGIONS,
  type Region,
  type RegionInfo,
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
  if (typeof data.loginLocale !== 'string') return null;
  return data as unknown as LocaleInfo;
}

export function parseRegionInfo(data: unknown): RegionInfo | null {
  if (!isObject(data)) return null;
  if (!isRegion(data.code) || typeof data.catalogId !== 'string' || !data.catalogId) return null;
  return data as unknown as RegionInfo;
}
