import type { Language, MeasuredValue } from '@catalogue/dataset/model';
import { Me } from 'ordercloud-javascript-sdk';
import { filtersFor, type SkuQuery, sortByFor } from '../families/sku-query';
import { anonymousToken } from './commerce-sdk';

/** A SKU as a family's table shows it. */
export interface SkuRow {
  id: string;
  name: string;
  /** The category holding the SKU (its drawing's geometry depends on it: cable tray rails). */
  categoryId: string;
  tradeSize: MeasuredValue | null;
  material: string | null;
  lengthMm: number | null;
  /** The weight of one unit of the SKU: one piece, or the whole pack of `packagingQuantity` pieces. */
  weightKg: number | null;
  /** Pieces in one unit of the SKU (1: sold by the piece); null when the product does not say. */
  packagingQuantity: number | null;
  madeToOrder: boolean;
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface Facet {
  name: string;
  xpPath: string;
  values: FacetValue[];
}

export interface SkuPage {
  items: SkuRow[];
  totalCount: number;
  page: number;
  totalPages: number;
  facets: Facet[];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A BuyerProduct of the commerce service to a table row in a language (English name as fallback). */
export function toSkuRow(
  product: { ID?: unknown; Name?: unknown; xp?: unknown },
  language: Language,
): SkuRow {
  const xp = record(product.xp);
  const localized = record(xp.Names)[language];
  const size = record(xp.TradeSize);
  return {
    id: String(product.ID ?? ''),
    name: typeof localized === 'string' && localized ? localized : String(product.Name ?? ''),
    categoryId: typeof xp.CategoryID === 'string' ? xp.CategoryID : '',
    tradeSize:
      typeof size.imperial === 'string' && typeof size.metric === 'string'
        ? { imperial: size.imperial, metric: size.metric }
        : null,
    material: typeof xp.Material === 'string' ? xp.Material : null,
    lengthMm: numberOrNull(xp.LengthMm),
    weightKg: numberOrNull(xp.WeightKg),
    packagingQuantity: numberOrNull(xp.PackagingQuantity),
    madeToOrder: xp.MadeToOrder === true,
  };
}

/**
 * One page of the SKUs of a category and all its descendants in a catalog, as an anonymous shopper sees
 * them, through the official SDK (`GET /me/products?depth=all`), with the facet counts of the filtered list.
 */
export async function listFamilySkus(
  catalogId: string,
  categoryId: string,
  query: SkuQuery,
  language: Language,
): Promise<SkuPage> {
  const accessToken = await anonymousToken(catalogId);
  const answer = await Me.ListProducts(
    {
      catalogID: catalogId,
      categoryID: categoryId,
      depth: 'all',
      sortBy: sortByFor(query.sort, language),
      page: query.page,
      pageSize: query.pageSize,
      filters: filtersFor(query.filters),
    },
    { accessToken },
  );
  const meta = answer.Meta;
  const facets = (meta.Facets ?? []).map((facet) => ({
    name: facet.Name,
    xpPath: facet.XpPath,
    values: (facet.Values ?? []).map((v) => ({ value: v.Value, count: v.Count })),
  }));
  return {
    items: answer.Items.map((product) => toSkuRow(product, language)),
    totalCount: meta.TotalCount,
    page: meta.Page,
    totalPages: meta.TotalPages,
    facets,
  };
}

/**
 * How many catalogue numbers the public sees in a category and below it: the family page's count, which
 * the family's summary table shows too (one source for both, issue 22 item 6).
 */
export async function familySkuCount(catalogId: string, categoryId: string): Promise<number> {
  const accessToken = await anonymousToken(catalogId);
  const answer = await Me.ListProducts(
    { catalogID: catalogId, categoryID: categoryId, depth: 'all', pageSize: 1 },
    { accessToken },
  );
  return answer.Meta.TotalCount;
}
