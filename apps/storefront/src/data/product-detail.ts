import type { Language, LocaleCode } from '@catalogue/dataset/model';
import { Me } from 'ordercloud-javascript-sdk';
import { cache } from 'react';
import { anonymousToken } from './commerce-sdk';
import { getLocaleInfo, getRegionInfo } from './content';
import { PRODUCT_ID, type ProductDetail, toProductDetail } from './product-shapes';

/**
 * One SKU from the commerce service through the official SDK, as the anonymous shopper of the locale's
 * regional catalog sees it (`anonymousToken(catalogId)`), with its specs (OrderCloud spec options) and
 * the SKUs related to it. A SKU outside the regional catalog is not found, as an unknown one is.
 */

/** A spec of the product (OrderCloud Spec) with its option values, e.g. Finish: Zinc, Black. */
export interface ProductSpec {
  id: string;
  name: string;
  options: string[];
}

export interface ProductInCatalog {
  product: ProductDetail;
  catalogId: string;
  language: Language;
}

/**
 * The product a catalogue number names in the catalog a locale browses, or null (malformed id, unknown,
 * inactive, or not in the regional catalog). Memoised per request: metadata and page share one call.
 */
export const getProductForLocale = cache(
  async (locale: LocaleCode, productId: string): Promise<ProductInCatalog | null> => {
    if (!PRODUCT_ID.safeParse(productId).success) return null;
    const info = await getLocaleInfo(locale);
    const { catalogId } = await getRegionInfo(info.region);
    const accessToken = await anonymousToken(catalogId);
    // A list narrowed to the catalog and the exact ID, not Me.GetProduct: a product of another catalog
    // the same buyer might see must not appear under this locale.
    const answer = await Me.ListProducts(
      { catalogID: catalogId, filters: { ID: productId }, pageSize: 1 },
      { accessToken },
    );
    const found = answer.Items.find((item) => item.ID === productId);
    return found
      ? { product: toProductDetail(found, info.language), catalogId, language: info.language }
      : null;
  },
);

/** A text of `xp[key]` in a language (`{ en, fr, … }`), else the OrderCloud field (one text for all). */
function localizedXp(xp: unknown, key: string, language: Language, fallback: string): string {
  const texts = typeof xp === 'object' && xp !== null ? (xp as Record<string, unknown>)[key] : null;
  const text =
    typeof texts === 'object' && texts !== null ? (texts as Record<string, unknown>)[language] : null;
  return typeof text === 'string' && text.trim() !== '' ? text : fallback;
}

/**
 * The product's specs with their options (most SKUs have none), in the page's language: a spec's
 * `xp.Names` and an option's `xp.Labels` hold a text per language (OrderCloud's Name and Value hold one).
 */
export async function listProductSpecs(
  catalogId: string,
  productId: string,
  language: Language,
): Promise<ProductSpec[]> {
  const accessToken = await anonymousToken(catalogId);
  const answer = await Me.ListSpecs(productId, { pageSize: 100 }, { accessToken });
  return answer.Items.map((spec) => ({
    id: spec.ID,
    name: localizedXp(spec.xp, 'Names', language, spec.Name),
    options: (spec.Options ?? [])
      .map((option) => localizedXp(option.xp, 'Labels', language, option.Value))
      .filter((value) => value.trim() !== ''),
  }));
}

/** At most this many related SKUs on a product page. */
export const RELATED_LIMIT = 8;

/**
 * The category whose other SKUs are "related": the one above the SKU's own (a variant group's series, a
 * series' sub-family), so other sizes, lengths and packs show; never above the family (level 3).
 */
export function relatedCategoryOf(categoryId: string): string {
  const slugs = categoryId.split('.');
  return slugs.slice(0, Math.max(3, slugs.length - 1)).join('.');
}

/** Other SKUs of the product's series in the regional catalog, by catalogue number, at most 8. */
export async function listRelatedProducts(
  catalogId: string,
  product: ProductDetail,
  language: Language,
): Promise<ProductDetail[]> {
  if (!product.categoryId) return [];
  const accessToken = await anonymousToken(catalogId);
  const answer = await Me.ListProducts(
    {
      catalogID: catalogId,
      categoryID: relatedCategoryOf(product.categoryId),
      depth: 'all',
      sortBy: ['ID'],
      pageSize: RELATED_LIMIT + 1,
      filters: { ID: `!${product.id}` },
    },
    { accessToken },
  );
  return answer.Items.slice(0, RELATED_LIMIT).map((item) => toProductDetail(item, language));
}
