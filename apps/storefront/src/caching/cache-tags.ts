import type { LocaleCode } from '@catalogue/dataset/model';

/**
 * The names of the page cache's tags. A rendered page carries the tags of what it shows; the database
 * writes the same names into its change feed when a row behind them changes (triggers of migration
 * 0023, `page_cache_row_tags`), and the page cache drops every page carrying a changed tag. Keep both
 * sides in step: `cache-tags.db.test.ts` (server) checks the triggers against these functions.
 */
export const cacheTags = {
  /** A product: its row, prices, specs, variants, inventory, assignments. */
  product: (productId: string) => `product:${productId}`,
  /**
   * A category of a catalog: its row and its children's (cards), and the SKUs of it and every category
   * below it (their assignments, their products' active flags and facet values).
   */
  category: (catalogId: string, categoryId: string) => `category:${catalogId}:${categoryId}`,
  /** Any category of a catalog: carried by the 404 of an unknown category path, which a new one may fill. */
  categories: (catalogId: string) => `categories:${catalogId}`,
  /** The categories the header menu and the home page show (levels 1–3) of a catalog. */
  menu: (catalogId: string) => `menu:${catalogId}`,
  /** A catalog and who may see it (catalog, catalog/category assignments). */
  catalog: (catalogId: string) => `catalog:${catalogId}`,
  /** Catalogue tables without a finer tag (specs, facets, buyers, user groups, suppliers). */
  catalogue: () => 'catalogue',
  /** Every content item of a type (`locale`, `region`: read as whole lists). */
  contentType: (type: string) => `content:${type}`,
  /** The content items of a type in one locale (`dictionary`, `footer`, …). */
  content: (type: string, locale: LocaleCode | '*') => `content:${type}:${locale}`,
  /** One content item: a route (id = path), a category's marketing (id = category id), … */
  contentItem: (type: string, locale: LocaleCode | '*', id: string) => `content:${type}:${locale}:${id}`,
} as const;
