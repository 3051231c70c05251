import type { LocaleCode, LocaleInfo } from '@catalogue/dataset/model';
import { cache } from 'react';
import { type CategorySummary, toCategorySummary } from './category-shapes';
import { getLocaleInfo, getRegionInfo } from './content';
import { catalogueDb } from './database';

/** A category in the header's menu with the levels below it that the menu shows. */
export interface MenuCategory extends CategorySummary {
  /** Slugs from the top level down to this category (its URL path). */
  slugs: string[];
  children: MenuCategory[];
}

/** The header menu shows the top level, its product lines and their families (spec §3). */
export const MENU_DEPTH = 3;

/**
 * The category tree of a catalog down to MENU_DEPTH levels, active categories only, in list order, in one
 * language: the data of the header's sub-category menu. One query; a category whose parent is missing or
 * inactive is left out with its branch.
 */
export const getCategoryMenu = cache(
  async (catalogId: string, language: LocaleInfo['language']): Promise<MenuCategory[]> => {
    const db = await catalogueDb();
    const rows = await db.query.categories.findMany({
      where: (category, { and, eq, sql }) =>
        and(
          eq(category.catalogId, catalogId),
          eq(category.active, true),
          sql`coalesce((${category.xp}->>'Level')::int, 1) <= ${MENU_DEPTH}`,
        ),
      orderBy: (category, { asc }) => [asc(category.listOrder), asc(category.id)],
      columns: { id: true, parentId: true, name: true, description: true, xp: true },
    });
    return buildMenuTree(rows, language);
  },
);

/** The menu of the catalog a locale browses (locale → region → catalog). */
export async function getCategoryMenuForLocale(code: LocaleCode): Promise<MenuCategory[]> {
  const locale = await getLocaleInfo(code);
  const region = await getRegionInfo(locale.region);
  return getCategoryMenu(region.catalogId, locale.language);
}

interface MenuRow {
  id: string;
  parentId: string | null;
  name: string;
  description: string | null;
  xp: unknown;
}

/** Rows (in list order) to a tree; rows without a usable slug or a reachable parent are dropped. */
export function buildMenuTree(rows: readonly MenuRow[], language: LocaleInfo['language']): MenuCategory[] {
  const byParent = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const build = (parentId: string | null, parentSlugs: string[], depth: number): MenuCategory[] => {
    if (depth > MENU_DEPTH) return [];
    const items: MenuCategory[] = [];
    for (const row of byParent.get(parentId) ?? []) {
      const summary = toCategorySummary(row, language);
      if (!summary) continue;
      const slugs = [...parentSlugs, summary.slug];
      items.push({ ...summary, slugs, children: build(row.id, slugs, depth + 1) });
    }
    return items;
  };
  return build(null, [], 1);
}
