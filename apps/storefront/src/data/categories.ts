import type { LocaleCode, LocaleInfo } from '@catalogue/dataset/model';
import { cache } from 'react';
import { type CategorySummary, toCategorySummary } from './category-shapes';
import { getLocaleInfo, getRegionInfo } from './content';
import { catalogueDb } from './database';

/** The active top-level categories of a catalog in list order, in one language. */
export const getTopCategories = cache(
  async (catalogId: string, language: LocaleInfo['language']): Promise<CategorySummary[]> => {
    const db = await catalogueDb();
    const rows = await db.query.categories.findMany({
      where: (category, { and, eq, isNull }) =>
        and(eq(category.catalogId, catalogId), isNull(category.parentId), eq(category.active, true)),
      orderBy: (category, { asc }) => [asc(category.listOrder), asc(category.id)],
      columns: { id: true, name: true, description: true, xp: true },
    });
    return rows
      .map((row) => toCategorySummary(row, language))
      .filter((category): category is CategorySummary => category !== null);
  },
);

/** The top-level categories a visitor of this locale browses: locale → region → regional catalog. */
export async function getTopCategoriesForLocale(code: LocaleCode): Promise<CategorySummary[]> {
  const locale = await getLocaleInfo(code);
  const region = await getRegionInfo(locale.region);
  return getTopCategories(region.catalogId, locale.language);
}
