import type { Language } from '@catalogue/dataset/model';
import { Me } from 'ordercloud-javascript-sdk';
import { anonymousToken } from './commerce-sdk';
import { type SkuRow, toSkuRow } from './family-products';

/**
 * The SKU whose drawing illustrates a category (a range card, a family page): the first catalogue number
 * of the category and everything below it that the public sees, or null for an empty category. One
 * product, not a made-up shape, so the illustration comes from the same geometry as the SKUs' files.
 */
export async function illustratingSku(
  catalogId: string,
  categoryId: string,
  language: Language,
): Promise<SkuRow | null> {
  const accessToken = await anonymousToken(catalogId);
  const answer = await Me.ListProducts(
    { catalogID: catalogId, categoryID: categoryId, depth: 'all', sortBy: ['ID'], pageSize: 1 },
    { accessToken },
  );
  const first = answer.Items[0];
  return first ? toSkuRow(first, language) : null;
}
