import type { LocaleCode, LocaleInfo } from '@catalogue/dataset/model';
import { cache } from 'react';
import { type CategorySummary, toCategorySummary } from './category-shapes';
import { getLocaleInfo, getRegionInfo } from './content';
import { catalogueDb } from './database';

/** Category URLs have one slug per level, from the top-level category down to a variant group. */
export const MAX_CATEGORY_DEPTH = 6;

/** A category in its place: its ancestors (top first), its active children, its level (1–6). */
export interface CategoryInPath extends CategorySummary {
  level: number;
  /** Slugs from the top level down to this category (its URL path). */
  slugs: string[];
  /** The categories from the top level down to this one, this one last, each with its slugs. */
  trail: (CategorySummary & { slugs: string[] })[];
  children: (CategorySummary & { slugs: string[] })[];
}

interface PathRow {
  id: string;
  parentId: string | null;
  name: string;
  description: string | null;
  xp: unknown;
}

/**
 * Walks slugs down a catalog's active category tree in the rows given (in list order): the category the
 * path names with its trail and children, or null when a slug names no child of the level above.
 */
export function resolveCategoryPath(
  rows: readonly PathRow[],
  slugs: readonly string[],
  language: LocaleInfo['language'],
): CategoryInPath | null {
  if (slugs.length === 0 || slugs.length > MAX_CATEGORY_DEPTH) return null;
  const childrenOf = (parentId: string | null) =>
    rows
      .filter((row) => row.parentId === parentId)
      .map((row) => ({ row, summary: toCategorySummary(row, language) }))
      .filter((entry): entry is { row: PathRow; summary: CategorySummary } => entry.summary !== null);
  const trail: CategoryInPath['trail'] = [];
  let parentId: string | null = null;
  for (const slug of slugs) {
    const match: { row: PathRow; summary: CategorySummary } | undefined = childrenOf(parentId).find(
      (entry) => entry.summary.slug === slug,
    );
    if (!match) return null;
    trail.push({ ...match.summary, slugs: [...(trail.at(-1)?.slugs ?? []), slug] });
    parentId = match.row.id;
  }
  const current = trail.at(-1);
  if (!current) return null;
  return {
    ...current,
    level: trail.length,
    trail,
    children: childrenOf(current.id).map(({ summary }) => ({
      ...summary,
      slugs: [...current.slugs, summary.slug],
    })),
  };
}

/**
 * The rows on a path with the children of its last category, each once and the children in their list
 * order: a child whose slug is also on the path (Conduit and fittings › Conduit fittings, both
 * `conduit-fittings`) is among the path's rows too, and showed twice (issue 22 item 6).
 */
export function withChildren<T extends PathRow>(
  onPath: readonly T[],
  children: readonly T[],
  parentId: string,
): T[] {
  return [...onPath.filter((row) => row.parentId !== parentId), ...children];
}

/**
 * The category a URL path (its slugs) names in a catalog, in a language; null for an unknown path. Reads
 * the active categories whose slug is on the path or whose parent is the last one (its children).
 */
export const getCategoryByPath = cache(
  async (
    catalogId: string,
    slugs: readonly string[],
    language: LocaleInfo['language'],
  ): Promise<CategoryInPath | null> => {
    if (slugs.length === 0 || slugs.length > MAX_CATEGORY_DEPTH) return null;
    const db = await catalogueDb();
    const onPath = await db.query.categories.findMany({
      where: (category, { and, eq, inArray, sql }) =>
        and(
          eq(category.catalogId, catalogId),
          eq(category.active, true),
          inArray(sql<string>`${category.xp}->>'Slug'`, [...slugs]),
        ),
      orderBy: (category, { asc }) => [asc(category.listOrder), asc(category.id)],
      columns: { id: true, parentId: true, name: true, description: true, xp: true },
    });
    const found = resolveCategoryPath(onPath, slugs, language);
    if (!found) return null;
    const children = await db.query.categories.findMany({
      where: (category, { and, eq }) =>
        and(eq(category.catalogId, catalogId), eq(category.active, true), eq(category.parentId, found.id)),
      orderBy: (category, { asc }) => [asc(category.listOrder), asc(category.id)],
      columns: { id: true, parentId: true, name: true, description: true, xp: true },
    });
    return resolveCategoryPath(withChildren(onPath, children, found.id), slugs, language);
  },
);

/** The category of a path in the catalog a locale browses (locale → region → catalog), and that catalog. */
export async function getCategoryForLocale(
  code: LocaleCode,
  slugs: readonly string[],
): Promise<{ category: CategoryInPath; catalogId: string } | null> {
  const locale = await getLocaleInfo(code);
  const region = await getRegionInfo(locale.region);
  const category = await getCategoryByPath(region.catalogId, slugs, locale.language);
  return category ? { category, catalogId: region.catalogId } : null;
}
