import type { LocaleCode } from '@catalogue/dataset/model';
import { getCategoryByPath, MAX_CATEGORY_DEPTH } from '../data/category-path';
import { getLocaleInfo, getRegionInfo } from '../data/content';
import { getProductForLocale } from '../data/product-detail';
import { decodeProductId, productIdOfPath } from './catalogue-paths';
import { DEFAULT_LOCALE, splitLocalePath } from './locales';

/** Where switching to another locale lands, and whether that is another page than the one asked for. */
export interface NearestPage {
  /** A locale-neutral path (`/products/x/y`), to prefix with the target locale. */
  path: string;
  moved: boolean;
}

/**
 * The page a visitor reaches by switching a page to the `target` locale (issue 22 item 5): the same path
 * where it exists there; for a product the target region does not sell, its family there (the deepest
 * level of its category that the region has), else the region's home page; for a category path, its
 * deepest level the region has. Other pages exist in every locale and keep their path.
 */
export async function nearestPage(pathname: string, target: LocaleCode): Promise<NearestPage> {
  const { locale, path } = splitLocalePath(pathname);
  const productId = productIdOfPath(path);
  if (productId !== null) {
    if (await getProductForLocale(target, productId)) return { path, moved: false };
    const source = await getProductForLocale(locale ?? DEFAULT_LOCALE, productId);
    const slugs = source?.product.categoryId.split('.') ?? [];
    return { path: (await deepestCategory(target, slugs)) ?? '/', moved: true };
  }
  const category = /^\/products\/(.+?)\/?$/.exec(path)?.[1];
  if (category) {
    const slugs = category.split('/').map(decodeProductId);
    const found = await deepestCategory(target, slugs);
    const same = found === `/products/${slugs.map(encodeURIComponent).join('/')}`;
    return same ? { path, moved: false } : { path: found ?? '/', moved: true };
  }
  return { path, moved: false };
}

/** The path of the deepest category on `slugs` that the target locale's catalog has, or null. */
async function deepestCategory(target: LocaleCode, slugs: string[]): Promise<string | null> {
  const info = await getLocaleInfo(target);
  const { catalogId } = await getRegionInfo(info.region);
  // A path deeper than the tree names no category: looking starts at the deepest level there can be.
  for (let depth = Math.min(slugs.length, MAX_CATEGORY_DEPTH); depth > 0; depth--) {
    const found = await getCategoryByPath(catalogId, slugs.slice(0, depth), info.language);
    if (found) return `/products/${found.slugs.map(encodeURIComponent).join('/')}`;
  }
  return null;
}
