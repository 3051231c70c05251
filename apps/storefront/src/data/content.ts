import {
  LOCALE_CODES,
  type LocaleCode,
  type LocaleInfo,
  type Region,
  type RegionInfo,
  type SiteContent,
} from '@catalogue/dataset/model';
import { cache } from 'react';
import { parseDictionary, parseLocaleInfo, parseRegionInfo, parseSiteContent } from './content-shapes';
import { catalogueDb } from './database';

/**
 * Content items the dataset loader writes (`content_items`): one 'locale' item per locale, one 'region'
 * item per region (locale '*'), and per locale the 'ui' dictionary and the 'site' item. Each function is
 * memoised per request, so the layout, the page and their metadata share one query.
 */

/** The ten locales in menu order (LOCALE_CODES). A missing or malformed item is a broken dataset. */
export const getLocales = cache(async (): Promise<LocaleInfo[]> => {
  const db = await catalogueDb();
  const rows = await db.query.contentItems.findMany({
    where: (item, { and, eq }) => and(eq(item.type, 'locale'), eq(item.id, item.locale)),
    columns: { id: true, data: true },
  });
  const byCode = new Map<string, LocaleInfo>();
  for (const row of rows) {
    const info = parseLocaleInfo(row.data);
    if (info && info.code === row.id) byCode.set(info.code, info);
  }
  return LOCALE_CODES.map((code) => {
    const info = byCode.get(code);
    if (!info) throw new Error(`content_items has no valid 'locale' item for ${code}: load the dataset`);
    return info;
  });
});

export async function getLocaleInfo(code: LocaleCode): Promise<LocaleInfo> {
  const locales = await getLocales();
  const info = locales.find((locale) => locale.code === code);
  if (!info) throw new Error(`Unknown locale ${code}`);
  return info;
}

export const getRegionInfo = cache(async (region: Region): Promise<RegionInfo> => {
  const db = await catalogueDb();
  const row = await db.query.contentItems.findFirst({
    where: (item, { and, eq }) => and(eq(item.type, 'region'), eq(item.id, region), eq(item.locale, '*')),
    columns: { data: true },
  });
  const info = parseRegionInfo(row?.data);
  if (!info) throw new Error(`content_items has no valid 'region' item for ${region}: load the dataset`);
  return info;
});

/** The UI texts of a locale; an empty dictionary when there is none (every text then shows its key). */
export const getDictionary = cache(async (code: LocaleCode): Promise<Record<string, string>> => {
  const db = await catalogueDb();
  const row = await db.query.contentItems.findFirst({
    where: (item, { and, eq }) => and(eq(item.type, 'dictionary'), eq(item.id, 'ui'), eq(item.locale, code)),
    columns: { data: true },
  });
  return parseDictionary(row?.data);
});

export const getSiteContent = cache(async (code: LocaleCode): Promise<SiteContent> => {
  const db = await catalogueDb();
  const row = await db.query.contentItems.findFirst({
    where: (item, { and, eq }) => and(eq(item.type, 'site'), eq(item.id, 'site'), eq(item.locale, code)),
    columns: { data: true },
  });
  const site = parseSiteContent(row?.data);
  if (!site) throw new Error(`content_items has no valid 'site' item for ${code}: load the dataset`);
  return site;
});
